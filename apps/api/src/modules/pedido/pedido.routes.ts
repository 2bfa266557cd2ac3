import {
  cancelarPedidoResponseSchema,
  errorBodySchema,
  estadoPagosResponseSchema,
  pedidoIdParamsSchema,
  pedidosPorUserIdResponseSchema,
  userIdBodySchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** Orders, under /api/pedido (spec file 2, section 7). */
export const pedidoRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pedido;

  app.get(
    '/estadoPagos/:pedidoId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'obtenerEstadoDePagos',
        responseDescriptions: { 200: 'Los pagos del pedido y su avance' },
        tags: ['pedido'],
        summary: 'Los pagos de un pedido por vendedor y su avance (el dueño del pedido)',
        security: bearerSecurity,
        params: pedidoIdParamsSchema,
        response: { 200: estadoPagosResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.estadoPagos(actorOf(request), request.params.pedidoId),
  );

  app.post(
    '/obtenerPedidosPorUserId',
    {
      preHandler: app.guards.ownUserInBody,
      schema: {
        operationId: 'listarPedidosDelUsuario',
        responseDescriptions: {
          200: 'Los pedidos del usuario',
          404: 'El usuario no tiene pedidos',
        },
        tags: ['pedido'],
        summary: 'Los pedidos del usuario con sus pagos, el más nuevo primero; 404 si no tiene',
        security: bearerSecurity,
        body: userIdBodySchema,
        response: { 200: pedidosPorUserIdResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.porUsuario(actorOf(request), request.body.userId),
  );

  app.post(
    '/cancelar/:pedidoId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'cancelarPedido',
        responseDescriptions: {
          200: 'Pedido cancelado',
          409: 'Tiene pagos aprobados o en acreditación: ya no se puede cancelar',
        },
        tags: ['pedido'],
        summary:
          'Cancela un pedido sin pagos aprobados ni en acreditación (el dueño): sus productos reservados vuelven a estar disponibles',
        security: bearerSecurity,
        params: pedidoIdParamsSchema,
        response: {
          200: cancelarPedidoResponseSchema,
          409: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    (request) => service.cancelar(actorOf(request), request.params.pedidoId),
  );
};
