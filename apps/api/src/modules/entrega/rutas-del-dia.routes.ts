import {
  errorBodySchema,
  rutasDelDiaQuerySchema,
  rutasDelDiaResponseSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** GET entrega/rutas: the day's deliveries as routes (docs/decisions/057). */
export const rutasDelDiaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.entrega;

  app.get(
    '/rutas',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'rutasDelDia',
        responseDescriptions: {
          200: 'Una ruta por tienda con paradas hoy',
          502: 'El motor de rutas no respondió (RUTA_NO_DISPONIBLE)',
        },
        tags: ['entrega'],
        summary:
          'Repartidores y admins: las rutas del día de cada tienda; un vendedor, la de su tienda (tiendaId)',
        description:
          'Las partes listas para entregar en el orden planificado desde la tienda (o desde ' +
          '`latitud`,`longitud`), después de las entregadas hoy (hora de Buenos Aires).',
        security: bearerSecurity,
        querystring: rutasDelDiaQuerySchema,
        response: {
          200: rutasDelDiaResponseSchema,
          ...authenticatedErrorResponses,
          502: errorBodySchema,
        },
      },
    },
    (request) => service.rutasDelDia(actorOf(request), request.query),
  );
};
