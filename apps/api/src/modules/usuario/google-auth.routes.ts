import { metodosDeIngresoResponseSchema } from '@compra-grupal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcTransaction } from '../../adapters/identity/identity.port';
import { createSessionCookies } from './refresh-cookie';

const TRANSACTION_COOKIE = 'oidcTransaction';
const TRANSACTION_PATH = '/api/usuario/auth/google';

/** A Google identity waiting for the password of the account with its email. */
const PENDING_LINK_COOKIE = 'googleVincular';
const PENDING_LINK_PATH = '/api/usuario';
const PENDING_LINK_SECONDS = 600;
const pendingLinkSchema = z.object({ sub: z.string().min(1).max(255), email: z.string().max(254) });
export type PendingLink = z.infer<typeof pendingLinkSchema>;

const transactionSchema = z.object({
  codeVerifier: z.string().min(1).max(256),
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
});

/** The pending link this browser holds, if its signature is ours. */
export function pendingLinkOf(request: FastifyRequest): PendingLink | undefined {
  const raw = request.cookies[PENDING_LINK_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  if (!unsigned?.valid || !unsigned.value) return undefined;
  try {
    const parsed = pendingLinkSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export const clearPendingLink = (reply: FastifyReply) =>
  reply.clearCookie(PENDING_LINK_COOKIE, { path: PENDING_LINK_PATH });

/**
 * Google sign-in (OpenID Connect code flow with PKCE, state and nonce). The callback accepts
 * only the flow this browser started (its state, verifier and nonce travel in a signed httpOnly
 * cookie). Success sets the refresh cookie and lands on the SPA's /auth/callback, which gets
 * its access token by renewing: no token ever travels in an address. A Google email that
 * belongs to a password account lands on /login?error=google-vincular, keeping the Google
 * identity in a signed cookie until that password is given once (see the login route). Every
 * other failure lands on /login?error=google ('No se pudo iniciar sesión con Google.').
 */
export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, config } = app;
  const usuarioService = app.services.usuario;
  const session = createSessionCookies(app);
  const failure = '/login?error=google';
  /** The short-lived, signed, httpOnly cookies of this flow. */
  const signedCookie = (path: string, maxAge: number) => ({
    httpOnly: true,
    signed: true,
    sameSite: 'lax' as const,
    secure: config.NODE_ENV === 'production',
    path,
    maxAge,
  });
  const linkFirst = '/login?error=google-vincular';

  app.get(
    '/auth/metodos',
    {
      schema: {
        operationId: 'metodosDeIngreso',
        summary: 'Los métodos de ingreso disponibles además de email y contraseña',
        responseDescriptions: { 200: 'Si el ingreso con Google está configurado' },
        tags: ['usuario'],
        response: { 200: metodosDeIngresoResponseSchema },
      },
    },
    // The web offers 'Continuar con Google' only when it can work (GOOGLE_AUTH_MODE not off).
    () => ({ google: identity !== undefined }),
  );

  app.get(
    '/auth/google',
    {
      schema: {
        operationId: 'iniciarIngresoConGoogle',
        redirects: { 302: 'Al proveedor de identidad; si no se puede, a /login?error=google' },
        tags: ['usuario'],
        summary: 'Inicia el ingreso con Google (redirección)',
      },
    },
    async (request, reply) => {
      if (!identity) return reply.redirect(failure);
      try {
        const { url, transaction } = await identity.start();
        reply.setCookie(
          TRANSACTION_COOKIE,
          JSON.stringify(transaction),
          signedCookie(TRANSACTION_PATH, 600),
        );
        return reply.redirect(url);
      } catch (error) {
        request.log.error({ err: error }, 'no se pudo iniciar el ingreso con Google');
        return reply.redirect(failure);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        operationId: 'completarIngresoConGoogle',
        redirects: {
          302: 'A /auth/callback con la sesión iniciada, a /login?error=google-vincular si el email es de una cuenta con contraseña, o a /login?error=google',
        },
        tags: ['usuario'],
        summary: 'Vuelta del proveedor de identidad (redirección)',
      },
    },
    async (request, reply) => {
      reply.clearCookie(TRANSACTION_COOKIE, { path: TRANSACTION_PATH });
      const raw = request.cookies[TRANSACTION_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      if (!identity || !unsigned?.valid || !unsigned.value) return reply.redirect(failure);
      try {
        const transaction: OidcTransaction = transactionSchema.parse(JSON.parse(unsigned.value));
        const verified = await identity.finish(
          new URL(request.url, config.PUBLIC_URL),
          transaction,
        );
        const ingreso = await usuarioService.ingresarConGoogle(verified);
        if (ingreso.tipo === 'vincular') {
          const pending: PendingLink = { sub: ingreso.sub, email: ingreso.email };
          reply.setCookie(
            PENDING_LINK_COOKIE,
            JSON.stringify(pending),
            signedCookie(PENDING_LINK_PATH, PENDING_LINK_SECONDS),
          );
          return reply.redirect(linkFirst);
        }
        clearPendingLink(reply);
        await session.start(reply, ingreso.usuarioId);
        return reply.redirect('/auth/callback');
      } catch (error) {
        request.log.warn({ err: error }, 'falló el ingreso con Google');
        return reply.redirect(failure);
      }
    },
  );
};
