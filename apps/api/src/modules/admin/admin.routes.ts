import {
  cancelarGrupoResponseSchema,
  deshabilitarTiendaRequestSchema,
  dineroEnCursoSchema,
  errorBodySchema,
  grupoIdParamsSchema,
  gruposParaAdminResponseSchema,
  periodoQuerySchema,
  reembolsoIdParamsSchema,
  reembolsosParaAdminResponseSchema,
  reintentoDeReembolsoSchema,
  tiendaIdParamsSchema,
  tiendaRevisadaResponseSchema,
  tiendasEnRevisionRequestSchema,
  tiendasEnRevisionResponseSchema,
} from '@compra-grupal/contracts';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../lib/access';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';

/** The product team's screens (admins only: 401 anonymous, 403 anyone else). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.admin;
  // The rule as a first line; the service checks it again.
  const soloAdmin: preHandlerAsyncHookHandler = async (request) => {
    requireRole(actorOf(request), 'admin');
  };
  const preHandler = [app.guards.authenticate, soloAdmin];
  // Who may ask is checked before what is asked: a period only the team reads is not
  // validated for anyone else (they get 403 whatever they send).
  const preValidation = preHandler;
  const security = bearerSecurity;

  app.get(
    '/tiendas',
    {
      preHandler,
      schema: {
        operationId: 'listarTiendasEnRevision',
        responseDescriptions: { 200: 'Las tiendas pedidas' },
        tags: ['admin'],
        summary:
          'Tiendas para revisar: pendientes (sin habilitar, por defecto), habilitadas o todas; la más nueva primero',
        security,
        querystring: tiendasEnRevisionRequestSchema,
        response: { 200: tiendasEnRevisionResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      tiendas: await service.tiendas(actorOf(request), request.query.estado),
    }),
  );

  // Disabling is registered before enabling: the route-table security test walks the routes in
  // this order as an admin, and so leaves the demo store it probes enabled.
  app.post(
    '/tiendas/:tiendaId/deshabilitar',
    {
      preHandler,
      schema: {
        operationId: 'deshabilitarTienda',
        responseDescriptions: { 200: 'Tienda deshabilitada' },
        tags: ['admin'],
        summary:
          'Deshabilita o rechaza la tienda (con un motivo opcional que se le avisa al dueño): deja de aparecer en el mercado (idempotente)',
        security,
        params: tiendaIdParamsSchema,
        body: deshabilitarTiendaRequestSchema,
        response: { 200: tiendaRevisadaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) =>
      service.deshabilitar(actorOf(request), request.params.tiendaId, request.body?.motivo ?? null),
  );

  app.post(
    '/tiendas/:tiendaId/habilitar',
    {
      preHandler,
      schema: {
        operationId: 'habilitarTienda',
        responseDescriptions: { 200: 'Tienda habilitada' },
        tags: ['admin'],
        summary:
          'Habilita la tienda: aparece en el mercado y su dueño recibe tiendaHabilitada (idempotente)',
        security,
        params: tiendaIdParamsSchema,
        response: { 200: tiendaRevisadaResponseSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => service.habilitar(actorOf(request), request.params.tiendaId),
  );

  app.get(
    '/grupos',
    {
      preHandler,
      schema: {
        operationId: 'listarGruposParaAdmin',
        responseDescriptions: { 200: 'Los grupos abiertos' },
        tags: ['admin'],
        summary:
          'Grupos abiertos para el equipo: producto, tienda, participantes y lo que reembolsaría cancelarlos; el más nuevo primero',
        security,
        response: { 200: gruposParaAdminResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({ grupos: await service.grupos(actorOf(request)) }),
  );

  app.get(
    '/reembolsos',
    {
      preHandler,
      schema: {
        operationId: 'listarReembolsosParaAdmin',
        responseDescriptions: { 200: 'Los reembolsos por revisar' },
        tags: ['admin'],
        summary:
          'Reembolsos para revisar: los que siguen fallando (intentos, último error, próximo intento) y los pagos rechazados por no coincidir con su parte',
        security,
        response: { 200: reembolsosParaAdminResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({ reembolsos: await service.reembolsos(actorOf(request)) }),
  );

  app.get(
    '/dinero',
    {
      preValidation,
      schema: {
        operationId: 'dineroEnCurso',
        responseDescriptions: { 200: 'El dinero en curso' },
        tags: ['admin'],
        summary:
          'Dinero en curso: pagos sin aplicar, reembolsos pendientes y fallidos (con sus reintentos), pagos que no coinciden y los totales del marketplace en un período de días de Buenos Aires',
        security,
        querystring: periodoQuerySchema,
        response: { 200: dineroEnCursoSchema, ...authenticatedErrorResponses },
      },
    },
    (request) => app.services.dineroEnCurso.dineroEnCurso(actorOf(request), request.query),
  );

  app.post(
    '/reembolsos/:reembolsoId/reintentar',
    {
      preValidation,
      schema: {
        operationId: 'reintentarReembolso',
        responseDescriptions: { 200: 'Lo que hizo el reintento' },
        tags: ['admin'],
        summary:
          'Reintenta ahora un reembolso con su misma clave (idempotente: uno hecho no se repite, uno en curso se deja) y registra quién lo pidió',
        security,
        params: reembolsoIdParamsSchema,
        response: { 200: reintentoDeReembolsoSchema, ...authenticatedErrorResponses },
      },
    },
    (request) =>
      app.services.dineroEnCurso.reintentar(actorOf(request), request.params.reembolsoId),
  );

  app.post(
    '/grupos/:groupId/cancelar',
    {
      preHandler,
      schema: {
        operationId: 'cancelarGrupo',
        responseDescriptions: {
          200: 'Grupo cancelado y reembolsos en curso',
          409: 'El grupo no está abierto',
        },
        tags: ['admin'],
        summary:
          'Cancela un grupo abierto: queda cancelado, se reembolsa a cada participante su parte (reintentos automáticos) y su sala lo escucha; 409 si no está abierto',
        security,
        params: grupoIdParamsSchema,
        response: {
          200: cancelarGrupoResponseSchema,
          409: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    (request) => service.cancelarGrupo(actorOf(request), request.params.groupId),
  );
};
