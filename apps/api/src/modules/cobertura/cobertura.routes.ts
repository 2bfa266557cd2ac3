import { coberturasSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCoberturaRepository } from './cobertura.repository';
import { createCoberturaService } from './cobertura.service';

export const coberturaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCoberturaService(createCoberturaRepository(app.database.db));

  app.get(
    '/obtenerCoberturas',
    {
      schema: {
        tags: ['cobertura'],
        summary: 'Coberturas de entrega (nombre, descripción y radio en km)',
        response: { 200: coberturasSchema },
      },
    },
    () => service.listar(),
  );
};
