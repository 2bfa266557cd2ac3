import { createHmac } from 'node:crypto';
import { type TipoDeAviso, tipoDeAvisoSchema } from '@compra-grupal/contracts';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/** Where the unsubscribe links of the emails point (GET shows a page, POST is one-click). */
export const RUTA_DE_BAJA = '/api/correo/baja';
/** A token longer than this is not one of ours. */
export const TOKEN_DE_BAJA_MAX = 1000;

const PROPOSITO = 'correo-baja';

/**
 * The key of the unsubscribe links, derived from the app's JWT secret: a link's token can
 * never pass for an access token (another key), and a new JWT_SECRET voids old links.
 */
export const claveDeBajaDe = (jwtSecret: string): Uint8Array =>
  new Uint8Array(createHmac('sha256', jwtSecret).update(PROPOSITO).digest());

const claimsSchema = z.object({
  sub: z.string().max(64),
  tipo: tipoDeAvisoSchema,
  p: z.literal(PROPOSITO),
});

/**
 * Signed unsubscribe links (docs/decisions/039): HS256 over the person and the kind of email,
 * without expiry (a link in an old email must still work). Whoever holds the link can turn that
 * one kind off for that one person, which is what the link is for.
 */
export function createEnlacesDeBaja({
  clave,
  urlPublica,
}: {
  clave: Uint8Array;
  urlPublica: string;
}) {
  return {
    async url(usuarioId: string, tipo: TipoDeAviso): Promise<string> {
      const token = await new SignJWT({ tipo, p: PROPOSITO })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(usuarioId)
        .sign(clave);
      return `${urlPublica}${RUTA_DE_BAJA}?token=${token}`;
    },
    /** The person and kind of a genuine token; undefined for anything else. */
    async leer(token: string): Promise<{ usuarioId: string; tipo: TipoDeAviso } | undefined> {
      if (token.length > TOKEN_DE_BAJA_MAX) return undefined;
      try {
        const { payload } = await jwtVerify(token, clave, { algorithms: ['HS256'] });
        const claims = claimsSchema.safeParse(payload);
        return claims.success ? { usuarioId: claims.data.sub, tipo: claims.data.tipo } : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export type EnlacesDeBaja = ReturnType<typeof createEnlacesDeBaja>;
