import {
  crearDireccionRequestSchema,
  crearDireccionResponseSchema,
  direccionesSchema,
  direccionYUsuarioParamsSchema,
  ubicarDireccionRequestSchema,
  ubicarDireccionResponseSchema,
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
        operationId: 'listarDirecciones',
        responseDescriptions: { 200: 'Las direcciones del usuario' },
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
        operationId: 'agregarDireccion',
        responseDescriptions: { 201: 'Dirección agregada' },
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

  app.patch(
    '/:userId/:direccionId',
    {
      preHandler,
      schema: {
        operationId: 'ubicarDireccion',
        responseDescriptions: { 200: 'Ubicación guardada' },
        tags: ['direccion'],
        summary: 'Fija el punto en el mapa de una dirección guardada',
        description:
          'Una dirección cargada al registrarse no tiene punto: el checkout lo pide antes de ' +
          'cotizar el envío. La dirección de otro usuario responde 404, como una desconocida.',
        security,
        params: direccionYUsuarioParamsSchema,
        body: ubicarDireccionRequestSchema,
        response: { 200: ubicarDireccionResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      mensaje: 'Ubicación guardada',
      direccion: await service.ubicar(
        actorOf(request),
        request.params.userId,
        request.params.direccionId,
        request.body,
      ),
    }),
  );
};
