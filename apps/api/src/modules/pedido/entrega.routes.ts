import {
  compararCodigoRequestSchema,
  entregaResponseSchema,
  errorBodySchema,
  marcarEntregadoRequestSchema,
  pedidosConGruposRequestSchema,
  pedidosConGruposResponseSchema,
  pedidosPorTiendaResponseSchema,
  pedidosSinEntregarRequestSchema,
  pedidosSinEntregarResponseSchema,
  tiendaIdParamsSchema,
  todosLosPedidosResponseSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** Delivery, under /api/pedido (spec file 2, section 7; issue 14). */
export const entregaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.entrega;
  const guards = app.guards;

  app.post(
    '/obtenerPedidosConGruposPorUsuario',
    {
      preHandler: [
        guards.authenticate,
        guards.requireSelfOrAdmin((request) => (request.body as { usuarioId: string }).usuarioId),
      ],
      schema: {
        operationId: 'listarPedidosConGrupos',
        responseDescriptions: {
          200: 'Los pedidos aprobados con sus grupos y entregas',
          404: 'El usuario no tiene pedidos',
        },
        tags: ['pedido'],
        summary:
          'Los pedidos aprobados del usuario con sus grupos y la entrega de cada parte, el más nuevo primero; 404 si no tiene',
        security: bearerSecurity,
        body: pedidosConGruposRequestSchema,
        response: { 200: pedidosConGruposResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.pedidosConGrupos(actorOf(request), request.body.usuarioId),
  );

  app.get(
    '/obtenerPedidosPorTienda/:tiendaId',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'listarPedidosParaEntregarDeTienda',
        responseDescriptions: { 200: 'Las líneas de la tienda por entregar' },
        tags: ['pedido'],
        summary:
          'Pedidos para entregar: las líneas de la tienda en pedidos aprobados cuya parte no se entregó (solo el dueño de la tienda)',
        security: bearerSecurity,
        params: tiendaIdParamsSchema,
        response: { 200: pedidosPorTiendaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.pedidosPorTienda(actorOf(request), request.params.tiendaId),
  );

  app.post(
    '/obtenerPedidosSinEntregarPorIds',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'listarPedidosSinEntregar',
        responseDescriptions: { 200: 'Los pedidos sin entregar' },
        tags: ['pedido'],
        summary:
          'De los pedidos dados que el usuario puede ver, los que no se entregaron (con tiendaId: cuya parte de esa tienda no se entregó)',
        security: bearerSecurity,
        body: pedidosSinEntregarRequestSchema,
        response: { 200: pedidosSinEntregarResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.sinEntregarPorIds(actorOf(request), request.body),
  );

  app.post(
    '/marcarPedidoComoEntregado',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'marcarParteEntregada',
        responseDescriptions: {
          200: 'Parte entregada',
          409: 'Algún grupo no cerró, o la parte ya fue entregada',
        },
        tags: ['pedido'],
        summary:
          'El vendedor marca entregada su parte del pedido (irreversible); 409 ENTREGA_NO_LISTA si algún grupo no se cerró, 409 PEDIDO_YA_ENTREGADO',
        security: bearerSecurity,
        body: marcarEntregadoRequestSchema,
        response: {
          200: entregaResponseSchema,
          ...authenticatedErrorResponses,
          409: errorBodySchema,
        },
      },
    },
    (request) => service.marcarEntregado(actorOf(request), request.body.pedidoId),
  );

  app.get(
    '/obtenerTodosLosPedidos',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'listarPartesParaEntregar',
        responseDescriptions: { 200: 'Las partes listas para entregar' },
        tags: ['pedido'],
        summary:
          'Repartidores y admins: las partes de pedidos listas para entregar (grupos cerrados), sin datos de pago ni código',
        security: bearerSecurity,
        response: { 200: todosLosPedidosResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.todosLosPedidos(actorOf(request)),
  );

  app.post(
    '/compararCodigo',
    {
      preHandler: guards.authenticate,
      schema: {
        operationId: 'entregarConCodigo',
        responseDescriptions: {
          200: 'Código correcto: partes entregadas',
          409: 'La parte ya fue entregada o no está lista',
          429: 'Demasiados intentos fallidos: `Retry-After` dice cuántos segundos esperar',
        },
        tags: ['pedido'],
        summary:
          'Repartidores y admins: el código del comprador entrega la parte de tiendaId o todas las listas; 400 CODIGO_INCORRECTO (también si el pedido no existe), 429 tras varios intentos fallidos',
        security: bearerSecurity,
        body: compararCodigoRequestSchema,
        response: {
          200: entregaResponseSchema,
          ...authenticatedErrorResponses,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    (request) => service.compararCodigo(actorOf(request), request.body),
  );
};
