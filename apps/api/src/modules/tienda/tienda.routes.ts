import {
  errorBodySchema,
  tiendaConProductosSchema,
  tiendaHabilitadaResponseSchema,
  tiendaIdParamsSchema,
  tiendaPorUsuarioResponseSchema,
  tiendasQueCubrenRequestSchema,
  tiendasQueCubrenResponseSchema,
  userIdParamsSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

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

  const ownParams = app.guards.ownUserInParams;

  app.get(
    '/esta-habilitada/:userId',
    {
      preHandler: ownParams,
      schema: {
        tags: ['tienda'],
        summary: 'Si el equipo habilitó la tienda del usuario (404 si no tiene tienda)',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: tiendaHabilitadaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      habilitada: await service.estaHabilitada(actorOf(request), request.params.userId),
    }),
  );

  app.get(
    '/por-usuario/:userId',
    {
      preHandler: ownParams,
      schema: {
        tags: ['tienda'],
        summary: 'La tienda del usuario, habilitada o no (404 si no tiene tienda)',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: tiendaPorUsuarioResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      tienda: await service.delUsuario(actorOf(request), request.params.userId),
    }),
  );
};
