import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../../config';
import type { Database } from '../../db/client';
import { appMeta } from '../../db/schema';

/**
 * A 32-byte key: the configured one (base64), or, where `generate` allows it (development and
 * tests), one generated once and kept in `app_meta` under `name`, so every node and restart
 * shares it without configuration (as the JWT secret, modules/usuario/access-token.ts). A key
 * kept in the database protects against a leaked column or backup of one table, not a leaked
 * database: production never generates one and refuses instead, naming `variable`.
 */
export async function resolveStoredKey(
  db: Database,
  name: string,
  configuredBase64?: string,
  { generate = true, variable = name }: { generate?: boolean; variable?: string } = {},
): Promise<Buffer> {
  if (configuredBase64) return checked(Buffer.from(configuredBase64, 'base64'), name);
  if (!generate) throw missingSecret(variable);
  await db
    .insert(appMeta)
    .values({ key: name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, name));
  if (!row) throw new Error(`No se pudo obtener la clave ${name}`);
  return checked(Buffer.from(row.value, 'base64'), name);
}

function checked(key: Buffer, name: string): Buffer {
  if (key.length !== 32) throw new Error(`La clave ${name} no tiene 32 bytes`);
  return key;
}

/** The start-up refusal when production has no configured secret (config.ts refuses first). */
export const missingSecret = (variable: string) =>
  new ConfigError([
    `${variable}: en producción es obligatoria y no se genera en la base de datos (guárdala fuera de ella)`,
  ]);
