import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OidcTransaction } from '../../adapters/identity/identity.port';
import { createSessionCookies } from './refresh-cookie';

const TRANSACTION_COOKIE = 'oidcTransaction';
const TRANSACTION_PATH = '/api/usuario/auth/google';

/**
 * Google sign-in (OpenID Connect code flow with PKCE, state and nonce). Success lands on the
 * SPA's /auth/callback with the access token; every failure lands on /login?error=google,
 * where the screen shows 'No se pudo iniciar sesión con Google.'.
 */
export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, usuarioService, config } = app;
  const session = createSessionCookies(app);
  const failure = '/login?error=google';

  app.get(
    '/auth/google',
    { schema: { tags: ['usuario'], summary: 'Inicia el ingreso con Google (redirección)' } },
    async (request, reply) => {
      if (!identity) return reply.redirect(failure);
      try {
        const { url, transaction } = await identity.start();
        reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(transaction), {
          httpOnly: true,
          signed: true,
          sameSite: 'lax',
          secure: config.NODE_ENV === 'production',
          path: TRANSACTION_PATH,
          maxAge: 600,
        });
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'no se pudo iniciar el ingreso con Google');
        return reply.redirect(failure);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    { schema: { tags: ['usuario'], summary: 'Vuelta del proveedor de identidad (redirección)' } },
    async (request, reply) => {
      reply.clearCookie(TRANSACTION_COOKIE, { path: TRANSACTION_PATH });
      const raw = request.cookies[TRANSACTION_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (!identity || !unsigned?.valid || !unsigned.value) return reply.redirect(failure);
      try {
        const transaction = JSON.parse(unsigned.value) as OidcTransaction;
        const verified = await identity.finish(
          new URL(request.url, config.PUBLIC_URL),
          transaction,
        );
        const usuarioId = await usuarioService.ingresarConGoogle(verified);
        const accessToken = await session.start(reply, usuarioId);
        return reply.redirect(`/auth/callback?accessToken=${encodeURIComponent(accessToken)}`);
      } catch (error) {
        request.log.warn({ err: error }, 'falló el ingreso con Google');
        return reply.redirect(failure);
      }
    },
  );
};
