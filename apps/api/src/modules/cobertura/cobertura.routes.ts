import { coberturasSchema } from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const coberturaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.cobertura;

  app.get(
    '/obtenerCoberturas',
    {
      schema: {
        operationId: 'listarCoberturas',
        responseDescriptions: { 200: 'Las coberturas de entrega' },
        tags: ['cobertura'],
        summary: 'Coberturas de entrega (nombre, descripción y radio en km)',
        response: { 200: coberturasSchema },
      },
    },
    () => service.listar(),
  );
};
