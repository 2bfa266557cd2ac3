import {
  errorBodySchema,
  tiendaConProductosSchema,
  tiendaIdParamsSchema,
  tiendasQueCubrenRequestSchema,
  tiendasQueCubrenResponseSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';

export const tiendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tienda;

  app.post(
    '/con-productos-que-cubren',
    {
      schema: {
        tags: ['tienda'],
        summary: 'Tiendas habilitadas cuya cobertura alcanza el punto, la más cercana primero',
        body: tiendasQueCubrenRequestSchema,
        response: { 200: tiendasQueCubrenResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      tiendas: await service.queCubren(request.body.lat, request.body.lng, request.body.q),
    }),
  );

  app.get(
    '/con-productos/:tiendaId',
    {
      schema: {
        tags: ['tienda'],
        summary:
          'Una tienda habilitada con sus productos disponibles y categorías locales (público)',
        params: tiendaIdParamsSchema,
        response: { 200: tiendaConProductosSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.conProductos(actorOf(request), request.params.tiendaId),
  );
};
