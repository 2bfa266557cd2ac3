import { errorBodySchema, productoIdParamsSchema, productoSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';

export const productoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.producto;

  app.get(
    '/:productoId',
    {
      schema: {
        tags: ['producto'],
        summary: 'Un producto (público)',
        params: productoIdParamsSchema,
        response: { 200: productoSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.obtener(actorOf(request), request.params.productoId),
  );
};
