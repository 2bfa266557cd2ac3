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
        tags: ['pago'],
        summary:
          'Crea el pedido (un pago pendiente por vendedor) y reserva el stock; 409 sin stock o con tiendas sin Mercado Pago (tiendasSinMP)',
        security: bearerSecurity,
        body: crearPreferenciaRequestSchema,
        response: {
          201: crearPreferenciaResponseSchema,
          409: errorBodySchema,
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
