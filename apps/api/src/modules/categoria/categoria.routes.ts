import { categoriasSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCategoriaRepository } from './categoria.repository';
import { createCategoriaService } from './categoria.service';

export const categoriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCategoriaService(createCategoriaRepository(app.database.db));

  app.get(
    '/getAllCategoria',
    {
      schema: {
        tags: ['categoria'],
        summary: 'Categorías globales de tiendas',
        response: { 200: categoriasSchema },
      },
    },
    () => service.listar(),
  );
};
