import {
  errorBodySchema,
  linkPagoResponseSchema,
  pedidoYTiendaParamsSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** GET /api/pedido/linkPago/{pedidoId}/{tiendaId} (docs/decisions/025). */
export const linkPagoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pago;
  app.get(
    '/linkPago/:pedidoId/:tiendaId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'obtenerLinkDePago',
        responseDescriptions: {
          200: 'El link de pago de la parte',
          409: 'La parte ya está pagada',
          503: 'El proveedor de pagos no está disponible',
        },
        tags: ['pedido'],
        summary:
          'El link de pago (preferencia) de la parte de una tienda en el pedido; el dueño del pedido; 409 si ya está aprobado',
        security: bearerSecurity,
        params: pedidoYTiendaParamsSchema,
        response: {
          200: linkPagoResponseSchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    (request) =>
      service.linkPago(actorOf(request), request.params.pedidoId, request.params.tiendaId),
  );
};
