import { type AccessTokenPayload, CONSTANTES } from '@compra-grupal/contracts';
import { jwtDecode } from 'jwt-decode';

/** Token errors of the spec (part 1, section 8). */
const TOKEN_AUSENTE = 'No se encontró el token de acceso';
const TOKEN_ILEGIBLE = 'Error al decodificar el token';
const TOKEN_SIN_USUARIO = 'No se pudo obtener el ID del usuario del token';

export type AccessTokenReading =
  | { ok: true; payload: AccessTokenPayload }
  | { ok: false; error: typeof TOKEN_AUSENTE | typeof TOKEN_ILEGIBLE | typeof TOKEN_SIN_USUARIO };

function decode(token: string): Partial<Record<keyof AccessTokenPayload, unknown>> | null {
  try {
    const payload: unknown = jwtDecode(token);
    return payload && typeof payload === 'object' ? payload : null;
  } catch {
    return null;
  }
}

/**
 * Decodes the stored access token ({ userId, exp }, typed by the contract). The signature is
 * the server's business; this only reads the payload. It runs on every page, so it reads the
 * two fields instead of loading zod for the contract schema.
 */
export function readAccessToken(token: string | null | undefined): AccessTokenReading {
  if (!token) return { ok: false, error: TOKEN_AUSENTE };
  const payload = decode(token);
  if (!payload) return { ok: false, error: TOKEN_ILEGIBLE };
  const { userId, exp } = payload;
  if (typeof userId !== 'string' || !userId) return { ok: false, error: TOKEN_SIN_USUARIO };
  return { ok: true, payload: { userId, exp: typeof exp === 'number' ? exp : 0 } };
}

/**
 * A token counts as expired when it ends less than 30 seconds from now or cannot be decoded
 * (spec part 1, section 5).
 */
export function isAccessTokenExpired(token: string, nowMs = Date.now()): boolean {
  const exp = decode(token)?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true;
  return exp * 1000 - nowMs < CONSTANTES.margenExpiracionTokenSegundos * 1000;
}
