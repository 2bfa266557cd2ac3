import { errorBodySchema, productoIdParamsSchema, productoSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createProductoRepository } from './producto.repository';
import { createProductoService } from './producto.service';

export const productoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProductoService(createProductoRepository(app.database.db));

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
    (request) => service.obtener(request.params.productoId),
  );
};
