import { randomBytes } from 'node:crypto';
import { type AccessTokenPayload, accessTokenPayloadSchema } from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';
import { AppError, appError } from '../../lib/app-error';
import { missingSecret } from '../../lib/crypto/stored-key';

export interface AccessTokens {
  sign(usuarioId: string): Promise<string>;
  /** The token's userId; throws a 401 AppError for a missing, forged or expired token. */
  verify(token: string): Promise<AccessTokenPayload>;
}

export const tokenErrors = {
  ausente: () => appError(401, 'TOKEN_AUSENTE'),
  invalido: () => appError(401, 'TOKEN_INVALIDO'),
  expirado: () => appError(401, 'TOKEN_EXPIRADO'),
};

/** Short-lived HS256 JWTs holding `userId` and `exp`. */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (usuarioId) =>
      new SignJWT({ userId: usuarioId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = accessTokenPayloadSchema.safeParse(payload);
        if (!claims.success) throw tokenErrors.invalido();
        return claims.data;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw tokenErrors.expirado();
        throw tokenErrors.invalido();
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when configured, otherwise (development and tests only, where
 * `generate` allows it) one generated once and kept in the database, so tokens survive
 * restarts and every node of a cluster shares it. Production refuses instead: a secret beside
 * the data would let a database dump mint any token, an admin's included.
 */
export async function resolveJwtSecret(
  db: Database,
  configured?: string,
  { generate = true }: { generate?: boolean } = {},
): Promise<string> {
  if (configured) return configured;
  if (!generate) throw missingSecret('JWT_SECRET');
  await db
    .insert(appMeta)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, 'jwt_secret'));
  if (!row) throw new Error('No se pudo obtener el secreto de los tokens');
  return row.value;
}
