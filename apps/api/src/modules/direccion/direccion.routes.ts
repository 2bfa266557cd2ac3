import {
  crearDireccionRequestSchema,
  crearDireccionResponseSchema,
  direccionesSchema,
  userIdParamsSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

export const direccionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.direccion;
  const preHandler = app.guards.ownUserInParams;
  const security = bearerSecurity;

  app.get(
    '/:userId',
    {
      preHandler,
      schema: {
        tags: ['direccion'],
        summary: 'Direcciones guardadas del usuario',
        security,
        params: userIdParamsSchema,
        response: { 200: direccionesSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.listar(actorOf(request), request.params.userId),
  );

  app.post(
    '/:userId',
    {
      preHandler,
      schema: {
        tags: ['direccion'],
        summary: 'Agrega una dirección de entrega',
        security,
        params: userIdParamsSchema,
        body: crearDireccionRequestSchema,
        response: { 201: crearDireccionResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request, reply) => {
      const direccion = await service.agregar(
        actorOf(request),
        request.params.userId,
        request.body,
      );
      return reply.status(201).send({ mensaje: 'Dirección agregada', direccion });
    },
  );
};
