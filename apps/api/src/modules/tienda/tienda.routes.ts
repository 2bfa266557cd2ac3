import {
  CATEGORIA_LOCAL_MENSAJES,
  categoriasLocalesResponseSchema,
  crearTiendaCamposSchema,
  crearTiendaResponseSchema,
  editarCategoriasRequestSchema,
  editarCategoriasResponseSchema,
  editarTiendaCamposSchema,
  editarTiendaResponseSchema,
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
import { validacionConMensajeDelCampo } from '../../lib/validation-errors';

export const tiendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.tienda;

  app.post(
    '/con-productos-que-cubren',
    {
      schema: {
        operationId: 'tiendasQueCubren',
        responseDescriptions: { 200: 'Las tiendas que llegan al punto' },
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
        operationId: 'obtenerTiendaConProductos',
        responseDescriptions: {
          200: 'La tienda con sus productos',
          404: 'La tienda no existe o no está habilitada',
        },
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
        operationId: 'crearTienda',
        responseDescriptions: {
          201: 'Tienda creada, en revisión',
          409: 'El usuario ya tiene tienda',
        },
        multipart: {
          fields: crearTiendaCamposSchema,
          file: { name: 'logo', required: true, description: 'El logo de la tienda' },
        },
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
        operationId: 'tiendaEstaHabilitada',
        responseDescriptions: {
          200: 'Si la tienda está habilitada',
          404: 'El usuario no tiene tienda',
        },
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

  app.put(
    '/editar/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'editarTienda',
        responseDescriptions: { 200: 'Tienda actualizada' },
        multipart: {
          fields: editarTiendaCamposSchema,
          file: { name: 'logoTienda', required: false, description: 'El logo nuevo, si cambia' },
        },
        tags: ['tienda'],
        summary:
          'Edita la tienda del usuario (multipart: campos de EditarTiendaCampos y, si cambia, el archivo logoTienda)',
        security: bearerSecurity,
        consumes: ['multipart/form-data'],
        params: userIdParamsSchema,
        response: {
          200: editarTiendaResponseSchema,
          413: errorBodySchema,
          415: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request) => {
      const { campos, archivo } = await readMultipartForm(
        request,
        editarTiendaCamposSchema,
        'logoTienda',
      );
      const tienda = await service.editar(actorOf(request), request.params.userId, campos, archivo);
      return { mensaje: 'Tienda actualizada correctamente', tienda };
    },
  );

  app.get(
    '/categorias-locales/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'listarCategoriasLocales',
        responseDescriptions: { 200: 'Las categorías locales de la tienda' },
        tags: ['tienda'],
        summary: 'Las categorías locales de la tienda del usuario, por nombre',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: categoriasLocalesResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.categoriasLocales(actorOf(request), request.params.userId),
  );

  app.put(
    '/editar-categorias/:tiendaId',
    {
      // The store's owner is checked by the service, which reads the store first.
      preHandler: app.guards.authenticate,
      // The screen shows one message: the field's own spec text leads the 400, not the generic.
      schemaErrorFormatter: validacionConMensajeDelCampo,
      schema: {
        operationId: 'editarCategoriasLocales',
        responseDescriptions: { 200: 'Categorías guardadas' },
        tags: ['tienda'],
        summary: `Guarda la lista completa de categorías locales de la tienda (con _id: se conserva o renombra; sin _id: nueva; las que faltan se borran y se quitan de los productos). Nombres únicos sin importar mayúsculas: '${CATEGORIA_LOCAL_MENSAJES.duplicada}'`,
        security: bearerSecurity,
        params: tiendaIdParamsSchema,
        body: editarCategoriasRequestSchema,
        response: { 200: editarCategoriasResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      mensaje: 'Categorías actualizadas correctamente',
      categoriasLocales: await service.editarCategorias(
        actorOf(request),
        request.params.tiendaId,
        request.body.categoriasLocales,
      ),
    }),
  );

  app.get(
    '/por-usuario/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'obtenerTiendaDelUsuario',
        responseDescriptions: { 200: 'La tienda del usuario', 404: 'El usuario no tiene tienda' },
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
