import {
  crearPreferenciaRequestSchema,
  crearPreferenciaResponseSchema,
  errorBodySchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/**
 * POST /api/pago/crearPreferencia (spec file 1, section 7): creates the order, one pending
 * payment per seller, and reserves the stock (modules/pedido, docs/decisions/024). The
 * payment provider's preference itself comes with the payments issue.
 */
export const crearPreferenciaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.pedido;

  app.post(
    '/crearPreferencia',
    {
      preHandler: [
        app.guards.authenticate,
        app.guards.requireSelfOrAdmin(
          (request) => (request.body as { usuarioId: string }).usuarioId,
        ),
      ],
      schema: {
        operationId: 'crearPedido',
        responseDescriptions: {
          201: 'Pedido creado, con un pago pendiente por vendedor',
          409: 'Sin stock suficiente, con tiendas que todavía no cobran (tiendasSinMP), o con un producto de la tienda del comprador (PRODUCTO_PROPIO)',
          422: 'La dirección todavía no tiene su punto en el mapa (DIRECCION_SIN_UBICACION)',
        },
        tags: ['pago'],
        summary:
          'Crea el pedido (un pago pendiente por vendedor); el stock sale cuando se aprueba un pago. 409 sin stock (unidades ya pagadas), con tiendas sin Mercado Pago (tiendasSinMP) o con un producto de la propia tienda del comprador',
        security: bearerSecurity,
        body: crearPreferenciaRequestSchema,
        response: {
          201: crearPreferenciaResponseSchema,
          409: errorBodySchema,
          422: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const pedidoId = await service.crear(actorOf(request), request.body);
      return reply.status(201).send({ pedidoId });
    },
  );
};
