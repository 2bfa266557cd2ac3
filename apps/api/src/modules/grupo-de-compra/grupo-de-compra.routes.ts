import {
  cerrarGrupoResponseSchema,
  errorBodySchema,
  grupoConProductoResponseSchema,
  grupoIdParamsSchema,
  gruposAbiertosResponseSchema,
  gruposDeTiendaResponseSchema,
  grupoYUsuarioParamsSchema,
  productoIdParamsSchema,
  tiendaIdParamsSchema,
  usuarioEnGrupoResponseSchema,
} from '@compra-grupal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** Purchase groups, under /api/grupoDeCompra (spec file 2, section 7). */
export const grupoDeCompraRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.grupoDeCompra;

  app.get(
    '/grupos/tienda/:tiendaId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'listarGruposDeTienda',
        responseDescriptions: { 200: 'Los grupos de la tienda' },
        tags: ['grupoDeCompra'],
        summary: 'Los grupos de compra de una tienda, el más nuevo primero (su dueño)',
        security: bearerSecurity,
        params: tiendaIdParamsSchema,
        response: { 200: gruposDeTiendaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      grupos: await service.deTienda(actorOf(request), request.params.tiendaId),
    }),
  );

  app.get(
    '/gruposAbiertos/producto/:productoId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'listarGruposAbiertosDeProducto',
        responseDescriptions: { 200: 'Los grupos abiertos del producto' },
        tags: ['grupoDeCompra'],
        summary:
          'Los grupos abiertos de un producto, el más viejo primero (el dueño del producto: panel del propietario)',
        security: bearerSecurity,
        params: productoIdParamsSchema,
        response: { 200: gruposAbiertosResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      grupos: await service.abiertosDeProducto(actorOf(request), request.params.productoId),
    }),
  );

  app.post(
    '/cerrarGrupo/:groupId',
    {
      preHandler: app.guards.authenticate,
      schema: {
        operationId: 'cerrarGrupo',
        responseDescriptions: { 200: 'Grupo cerrado' },
        tags: ['grupoDeCompra'],
        summary:
          'Cierra un grupo abierto antes de completarse (su vendedor; irreversible); 400 si ya está cerrado',
        security: bearerSecurity,
        params: grupoIdParamsSchema,
        response: { 200: cerrarGrupoResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.cerrarPorVendedor(actorOf(request), request.params.groupId),
  );

  app.get(
    '/grupoConProducto/:groupId',
    {
      schema: {
        operationId: 'obtenerGrupoConProducto',
        responseDescriptions: { 200: 'El grupo y su producto' },
        tags: ['grupoDeCompra'],
        summary: 'Un grupo con su producto, para la página del grupo (público, sin participantes)',
        params: grupoIdParamsSchema,
        response: {
          200: grupoConProductoResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) => service.conProducto(actorOf(request), request.params.groupId),
  );

  app.get(
    '/usuarioEnGrupo/:groupId/:userId',
    {
      preHandler: app.guards.ownUserInParams,
      schema: {
        operationId: 'usuarioEnGrupo',
        responseDescriptions: { 200: 'Si el usuario tiene lugares en el grupo' },
        tags: ['grupoDeCompra'],
        summary: 'Si el usuario (el que llama) tomó lugares en el grupo',
        security: bearerSecurity,
        params: grupoYUsuarioParamsSchema,
        response: { 200: usuarioEnGrupoResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) =>
      service.usuarioEnGrupo(actorOf(request), request.params.groupId, request.params.userId),
  );
};
