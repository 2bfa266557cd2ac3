import { categoriasSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const categoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.categoria;

  app.get(
    '/getAllCategoria',
    {
      schema: {
        operationId: 'listarCategorias',
        responseDescriptions: { 200: 'Las categorías globales' },
        tags: ['categoria'],
        summary: 'Categorías globales de tiendas',
        response: { 200: categoriasSchema },
      },
    },
    () => service.listar(),
  );
};
