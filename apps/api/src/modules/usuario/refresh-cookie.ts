import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { BUZON_COOKIE, BUZON_PATH } from '../correo/correo.ports';

export const REFRESH_COOKIE = 'refreshToken';

/**
 * The refresh cookie (httpOnly, limited to /api/usuario, Secure outside development and tests)
 * and the access token that go together: how every way in starts a session.
 */
export function createSessionCookies({ config, services, accessTokens }: FastifyInstance) {
  const sesionService = services.sesion;
  const options: CookieSerializeOptions = {
    httpOnly: true,
    secure: config.NODE_ENV === 'production',
    sameSite: 'lax',
    path: '/api/usuario',
    maxAge: sesionService.ttlSeconds,
  };
  const setRefresh = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, options);
  const accessToken = (reply: FastifyReply, token: string) => {
    if (config.DEV_MAILBOX) {
      reply.setCookie(BUZON_COOKIE, token, {
        ...options,
        path: BUZON_PATH,
        maxAge: config.ACCESS_TOKEN_TTL_SECONDS,
      });
    }
    return token;
  };
  return {
    /** Sets the refresh cookie of a new session and answers its first access token. */
    async start(reply: FastifyReply, usuarioId: string): Promise<string> {
      setRefresh(reply, await sesionService.issue(usuarioId));
      return accessToken(reply, await accessTokens.sign(usuarioId));
    },
    /** Rotates the refresh cookie (see `sesionService.rotate`) and answers a new access token. */
    async renew(reply: FastifyReply, presented: string | undefined): Promise<string> {
      const { usuarioId, token } = await sesionService.rotate(presented);
      setRefresh(reply, token);
      return accessToken(reply, await accessTokens.sign(usuarioId));
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, { path: options.path });
      if (config.DEV_MAILBOX) reply.clearCookie(BUZON_COOKIE, { path: BUZON_PATH });
    },
  };
}
