import {
  crearTiendaCamposSchema,
  crearTiendaResponseSchema,
  errorBodySchema,
  tiendaConProductosSchema,
  tiendaHabilitadaResponseSchema,
  tiendaIdParamsSchema,
  tiendaPorUsuarioResponseSchema,
  tiendasQueCubrenRequestSchema,
  tiendasQueCubrenResponseSchema,
  userIdParamsSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';
import { readMultipartForm } from '../../lib/multipart-form';

export const tiendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tienda;

  app.post(
    '/con-productos-que-cubren',
    {
      schema: {
        tags: ['tienda'],
        summary: 'Tiendas habilitadas cuya cobertura alcanza el punto, la más cercana primero',
        body: tiendasQueCubrenRequestSchema,
        response: { 200: tiendasQueCubrenResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      tiendas: await service.queCubren(request.body.lat, request.body.lng, request.body.q),
    }),
  );

  app.get(
    '/con-productos/:tiendaId',
    {
      schema: {
        tags: ['tienda'],
        summary:
          'Una tienda habilitada con sus productos disponibles y categorías locales (público)',
        params: tiendaIdParamsSchema,
        response: { 200: tiendaConProductosSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.conProductos(actorOf(request), request.params.tiendaId),
  );

  const ownParams = app.guards.ownUserInParams;

  app.post(
    '/crear',
    {
      // The owner of `userId` is checked by the service: the form is read in the handler.
      preHandler: app.guards.authenticate,
      schema: {
        tags: ['tienda'],
        summary:
          'Abre la tienda del usuario (multipart: campos de CrearTiendaCampos y el archivo logo); queda en revisión',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        response: {
          201: crearTiendaResponseSchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { campos, archivo } = await readMultipartForm(request, crearTiendaCamposSchema, 'logo');
      const tienda = await service.crear(actorOf(request), campos, archivo);
      return reply.status(201).send({ mensaje: 'Tienda creada', tienda });
    },
  );

  app.get(
    '/esta-habilitada/:userId',
    {
      preHandler: ownParams,
      schema: {
        tags: ['tienda'],
        summary: 'Si el equipo habilitó la tienda del usuario (404 si no tiene tienda)',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: tiendaHabilitadaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      habilitada: await service.estaHabilitada(actorOf(request), request.params.userId),
    }),
  );

  app.get(
    '/por-usuario/:userId',
    {
      preHandler: ownParams,
      schema: {
        tags: ['tienda'],
        summary: 'La tienda del usuario, habilitada o no (404 si no tiene tienda)',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: tiendaPorUsuarioResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      tienda: await service.delUsuario(actorOf(request), request.params.userId),
    }),
  );
};
