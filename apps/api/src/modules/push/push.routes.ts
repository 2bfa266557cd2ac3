import {
  bajaDeSuscripcionPushSchema,
  clavePublicaPushSchema,
  errorBodySchema,
  suscripcionPushCreadaSchema,
  suscripcionPushSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** Web Push (docs/decisions/055): the server's public key and the caller's devices. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.push;
  const preHandler = app.guards.authenticate;
  const security = bearerSecurity;
  const tags = ['push'];

  app.get(
    '/clave-publica',
    {
      schema: {
        operationId: 'obtenerClavePublicaPush',
        responseDescriptions: {
          200: 'La clave pública VAPID con la que el navegador se suscribe',
          404: 'Este servidor no envía avisos a los dispositivos (PUSH_NO_DISPONIBLE)',
        },
        tags,
        summary: 'Clave pública de los avisos en el dispositivo (Web Push)',
        description:
          'La `applicationServerKey` de `pushManager.subscribe`. Pública; 404 `PUSH_NO_DISPONIBLE` con los avisos apagados (PUSH_ENABLED=false).',
        response: { 200: clavePublicaPushSchema, 404: errorBodySchema },
      },
    },
    (request) => service.clavePublica(actorOf(request)),
  );

  app.post(
    '/suscripciones',
    {
      preHandler,
      schema: {
        operationId: 'suscribirDispositivoPush',
        responseDescriptions: {
          201: 'Este navegador recibe los avisos de la persona',
          400: 'Datos inválidos, o un servicio de notificaciones no permitido o una clave que no es P-256 (SUSCRIPCION_PUSH_INVALIDA)',
          404: 'Este servidor no envía avisos a los dispositivos (PUSH_NO_DISPONIBLE)',
        },
        tags,
        summary: 'Suscribe este navegador a los avisos de la persona',
        description:
          'El cuerpo es `PushSubscription.toJSON()` del navegador. Idempotente por `endpoint`: uno que tenía otra persona (un dispositivo compartido) pasa a quien llama. Hasta 10 por persona; pasado eso se borra la más vieja.',
        security,
        body: suscripcionPushSchema,
        response: { 201: suscripcionPushCreadaSchema, ...authenticatedErrorResponses },
      },
    },
    async (request, reply) => {
      await service.suscribir(actorOf(request), request.body);
      return reply.status(201).send({ mensaje: 'Avisos activados en este dispositivo' });
    },
  );

  app.delete(
    '/suscripciones',
    {
      preHandler,
      schema: {
        operationId: 'desuscribirDispositivoPush',
        responseDescriptions: {
          204: 'Este navegador ya no recibe los avisos de la persona',
          404: 'Este servidor no envía avisos a los dispositivos (PUSH_NO_DISPONIBLE)',
        },
        tags,
        summary: 'Deja de enviar avisos a este navegador',
        description:
          'Idempotente: un `endpoint` desconocido o de otra persona responde igual y no cambia nada.',
        security,
        body: bajaDeSuscripcionPushSchema,
        response: { 204: z.null().describe('Sin cuerpo'), ...authenticatedErrorResponses },
      },
    },
    async (request, reply) => {
      await service.darDeBaja(actorOf(request), request.body.endpoint);
      return reply.status(204).send(null);
    },
  );
};
