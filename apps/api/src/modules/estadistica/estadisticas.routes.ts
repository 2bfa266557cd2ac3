import {
  estadisticasDeTiendaSchema,
  periodoQuerySchema,
  tiendaIdParamsSchema,
  ventasCsvQuerySchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

const csv = {
  description: 'Una fila por parte vendida en el período, la más antigua primero',
  content: { 'text/csv': { schema: z.string().describe('Las ventas en CSV (UTF-8)') } },
};

/** A store's figures and its sales for the accountant (docs/decisions/058), under /tienda. */
export const estadisticasRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.estadisticas;

  app.get(
    '/:tiendaId/estadisticas',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'estadisticasDeTienda',
        responseDescriptions: { 200: 'Las cifras del período', 404: 'La tienda no existe' },
        tags: ['tienda'],
        summary:
          'Cifras de una tienda en un período de días de Buenos Aires: ventas, reembolsos, comisiones, pedidos, grupos y productos (su dueño o un admin)',
        security: bearerSecurity,
        params: tiendaIdParamsSchema,
        querystring: periodoQuerySchema,
        response: { 200: estadisticasDeTiendaSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.deTienda(actorOf(request), request.params.tiendaId, request.query),
  );

  app.get(
    '/:tiendaId/ventas.csv',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'ventasDeTiendaCsv',
        responseDescriptions: { 200: 'Las ventas en CSV', 404: 'La tienda no existe' },
        tags: ['tienda'],
        summary:
          'Las ventas de un período para el contador, una fila por parte pagada, en CSV (su dueño o un admin); `formato=es-AR`: números 1.234,56 separados por punto y coma',
        security: bearerSecurity,
        params: tiendaIdParamsSchema,
        querystring: ventasCsvQuerySchema,
        response: { 200: csv, ...authenticatedErrorResponses },
      },
    },
    async (request, reply) => {
      const { desde, hasta } = request.query;
      const stream = await service.ventasCsv(
        actorOf(request),
        request.params.tiendaId,
        request.query,
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ventas-${desde}-${hasta}.csv"`)
          .header('cache-control', 'private, no-store')
          // A stream is sent as it is; the schema's string only documents the body.
          .send(stream as unknown as string)
      );
    },
  );
};
