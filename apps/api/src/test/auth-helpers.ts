import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { correos } from '../db/schema';

export const uniqueEmail = (prefix = 'persona') =>
  `${prefix}.${randomBytes(4).toString('hex')}@ejemplo.com.ar`;

export function refreshCookieOf(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'refreshToken');
  return cookie?.value || undefined;
}

export interface LoggedIn {
  userId: string;
  email: string;
  accessToken: string;
  refreshToken: string;
  auth: { authorization: string };
}

/** Registers a fresh user through the API and logs in. */
export async function registerAndLogin(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<LoggedIn> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const registro = await app.inject({
    method: 'POST',
    url: '/api/usuario/registrar',
    payload: {
      nombre: 'Ana Pérez',
      email,
      contrasenia: 'secreta123',
      telefono: '1155554444',
      ...overrides,
    },
  });
  if (registro.statusCode !== 201) throw new Error(`registro falló: ${registro.body}`);
  return login(app, email, 'secreta123');
}

export async function login(
  app: FastifyInstance,
  email: string,
  contrasenia: string,
): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/usuario/login',
    payload: { email, contrasenia },
  });
  if (res.statusCode !== 200) throw new Error(`login falló: ${res.body}`);
  const accessToken = res.json().accessToken as string;
  const refreshToken = refreshCookieOf(res);
  if (!refreshToken) throw new Error('login sin cookie de renovación');
  return {
    userId: decodeJwt(accessToken).userId as string,
    email,
    accessToken,
    refreshToken,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

/** Verifies the account's address through the last link it was mailed (docs/decisions/040). */
export async function verifyEmail(app: FastifyInstance, usuarioId: string): Promise<void> {
  const [correo] = await app.database.db
    .select({ datos: correos.datos })
    .from(correos)
    .where(and(eq(correos.usuarioId, usuarioId), eq(correos.plantilla, 'verificar-email')))
    .orderBy(desc(correos.creadoEn), desc(correos.id))
    .limit(1);
  const enlace = (correo?.datos as { enlace?: string } | undefined)?.enlace;
  if (!enlace) throw new Error('sin enlace de verificación');
  const { search } = new URL(enlace);
  const res = await app.inject({ url: `/api/usuario/verificar-email${search}` });
  if (res.statusCode !== 200) throw new Error(`verificación falló: ${res.body}`);
}
