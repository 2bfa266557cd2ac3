import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config';

export const REFRESH_COOKIE = 'refreshToken';

/** httpOnly, limited to /api/usuario, Secure outside development and tests. */
export function refreshCookieOptions(
  config: Config,
  maxAgeSeconds: number,
): CookieSerializeOptions {
  return {
    httpOnly: true,
    secure: config.NODE_ENV === 'production',
    sameSite: 'lax',
    path: '/api/usuario',
    maxAge: maxAgeSeconds,
  };
}
