import { randomBytes } from 'node:crypto';
import {
  callbackVinculacionQuerySchema,
  errorBodySchema,
  iniciarVinculacionResponseSchema,
  userIdParamsSchema,
  VINCULACION_MENSAJES,
  verificarVinculacionResponseSchema,
} from '@compra-grupal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor';
import { authenticatedErrorResponses, bearerSecurity } from '../../lib/error-responses';
import { VINCULACION_TTL_MS } from './mercadopago-vinculacion.service';

/**
 * The browser that started a link: a random value in a signed, httpOnly cookie that only the
 * callback reads. A link started in one browser cannot be finished in another, so nobody can
 * make a seller's browser complete a link they started (account-linking CSRF).
 */
export const NAVEGADOR_COOKIE = 'mpVinculacion';
const NAVEGADOR_PATH = '/api/oauth/mercadopago';

/** The web app's screen that shows how the link ended (spec file 2, section 2). */
const PANTALLA = '/mercadopago-callback';

const destino = (resultado: { ok: true } | { ok: false; mensaje: string }) =>
  `${PANTALLA}?${new URLSearchParams(
    resultado.ok
      ? { success: 'true', mensaje: VINCULACION_MENSAJES.exito }
      : { success: 'false', error: 'true', mensaje: resultado.mensaje },
  )}`;

/**
 * GET oauth/mercadopago/iniciar/{userId}, verificar/{userId} (the seller's own) and the
 * provider's callback (public). docs/decisions/018-mercadopago-account-linking.md.
 */
export const mercadoPagoVinculacionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.mercadoPago;
  const ownParams = app.guards.ownUserInParams;

  const navegadorDe = (request: FastifyRequest): string | undefined => {
    const raw = request.cookies[NAVEGADOR_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : undefined;
    return unsigned?.valid && unsigned.value && /^[\w-]{43}$/.test(unsigned.value)
      ? unsigned.value
      : undefined;
  };
  const recordarNavegador = (reply: FastifyReply, navegador: string) =>
    reply.setCookie(NAVEGADOR_COOKIE, navegador, {
      httpOnly: true,
      signed: true,
      // Sent on the top-level navigation back from Mercado Pago.
      sameSite: 'lax',
      secure: app.config.NODE_ENV === 'production',
      path: NAVEGADOR_PATH,
      maxAge: VINCULACION_TTL_MS / 1000,
    });

  app.get(
    '/iniciar/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'iniciarVinculacionMercadoPago',
        responseDescriptions: {
          200: 'La dirección de autorización de Mercado Pago',
          409: 'El usuario no tiene tienda',
          503: 'Mercado Pago no está configurado',
        },
        tags: ['pago'],
        summary:
          'Empieza la vinculación de Mercado Pago del vendedor: la dirección a la que ir a autorizar (409 sin tienda, 503 sin Mercado Pago)',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: {
          200: iniciarVinculacionResponseSchema,
          409: errorBodySchema,
          503: errorBodySchema,
          ...authenticatedErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const navegador = navegadorDe(request) ?? randomBytes(32).toString('base64url');
      const respuesta = await service.iniciar(actorOf(request), request.params.userId, navegador);
      recordarNavegador(reply, navegador);
      return respuesta;
    },
  );

  app.get(
    '/verificar/:userId',
    {
      preHandler: ownParams,
      schema: {
        operationId: 'verificarVinculacionMercadoPago',
        responseDescriptions: { 200: 'Si Mercado Pago está vinculado' },
        tags: ['pago'],
        summary: 'Si la tienda del vendedor tiene Mercado Pago vinculado',
        security: bearerSecurity,
        params: userIdParamsSchema,
        response: { 200: verificarVinculacionResponseSchema, ...authenticatedErrorResponses },
      },
    },
    async (request) => ({
      vinculado: await service.verificar(actorOf(request), request.params.userId),
    }),
  );

  app.get(
    '/callback',
    {
      // A browser arrives here: whatever is wrong, it is redirected to the result screen.
      attachValidation: true,
      schema: {
        operationId: 'completarVinculacionMercadoPago',
        redirects: {
          302: 'A /mercadopago-callback con success, error y mensaje (también si algo falla)',
        },
        tags: ['pago'],
        summary:
          'Vuelta de Mercado Pago (redirección a /mercadopago-callback con success, error y mensaje)',
        querystring: callbackVinculacionQuerySchema,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (request.validationError) {
        request.log.warn({ motivo: 'consulta-invalida' }, 'vinculación con Mercado Pago fallida');
        return reply.redirect(destino({ ok: false, mensaje: VINCULACION_MENSAJES.error }));
      }
      try {
        const resultado = await service.completar(request.query, navegadorDe(request));
        if (resultado.ok) request.log.info('cuenta de Mercado Pago vinculada');
        else {
          request.log.warn({ motivo: resultado.motivo }, 'vinculación con Mercado Pago fallida');
        }
        return reply.redirect(destino(resultado));
      } catch (error) {
        request.log.error({ err: error }, 'vinculación con Mercado Pago fallida');
        return reply.redirect(destino({ ok: false, mensaje: VINCULACION_MENSAJES.error }));
      }
    },
  );
};
