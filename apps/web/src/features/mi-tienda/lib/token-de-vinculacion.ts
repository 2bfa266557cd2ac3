import { isAccessTokenExpired, readAccessToken } from '@/lib/session/access-token';
import { saveSessionToken } from '@/lib/session/session-token';
import { getStoredItem } from '@/lib/storage-keys';

/**
 * Stores the access token the return from Mercado Pago brings (spec part 2, section 2), through
 * the session like a login does, so the shell and the socket follow it. Only a token of the
 * user already signed in here is taken: an address anyone can craft must not sign this browser
 * into another account (the same reason /auth/callback ignores tokens in the address). Says
 * whether the token was taken.
 */
export function guardarTokenDeVinculacion(token: string): boolean {
  const nuevo = readAccessToken(token);
  if (!nuevo.ok || isAccessTokenExpired(token)) return false;
  const guardado = getStoredItem('accessToken');
  const actual = readAccessToken(guardado);
  if (!actual.ok || actual.payload.userId !== nuevo.payload.userId) return false;
  if (guardado !== token) saveSessionToken(token);
  return true;
}
