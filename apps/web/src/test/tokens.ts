/** A demo user id (24 hex characters, like every id on the wire). */
export const USER_ID = '65a1f0c2e4b0a1b2c3d4e5f6';

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * An unsigned JWT with the access token payload ({ userId, exp, iat }). `expiresIn` is in
 * seconds from now (negative for an expired token).
 */
export function makeToken({
  userId = USER_ID,
  expiresIn = 15 * 60,
  extra = {},
}: {
  userId?: string | null;
  expiresIn?: number;
  extra?: Record<string, unknown>;
} = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = { iat: now, exp: now + expiresIn, ...extra };
  if (userId !== null) payload.userId = userId;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.firma`;
}

/** Stores a token and announces it, as a login does. */
export function storeToken(token: string = makeToken()): string {
  localStorage.setItem('accessToken', token);
  window.dispatchEvent(new Event('authChange'));
  return token;
}
