import {
  cotizarPrevioRequestSchema,
  cotizarPrevioResponseSchema,
  errorBodySchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

export const envioRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.envio;

  app.post(
    '/cotizar-previo',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'cotizarEnvio',
        responseDescriptions: {
          200: 'Las opciones de envío',
          422: 'La dirección todavía no tiene su punto en el mapa (DIRECCION_SIN_UBICACION)',
        },
        tags: ['envio'],
        summary: 'Opciones de envío de una tienda a una dirección del usuario',
        description:
          'Cotiza el paquete desde la tienda (habilitada) hasta una dirección guardada del ' +
          'usuario, de la más barata a la más cara. Sin opciones responde `{ opciones: [] }`.',
        security: bearerSecurity,
        body: cotizarPrevioRequestSchema,
        response: {
          200: cotizarPrevioResponseSchema,
          ...authenticatedErrorResponses,
          422: errorBodySchema,
        },
      },
    },
    (request) => service.cotizarPrevio(actorOf(request), request.body),
  );
};
