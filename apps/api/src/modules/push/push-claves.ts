import { createECDH } from 'node:crypto';
import { type Config, secretsMayBeGenerated, sujetoVapid } from '../../config';
import type { Database } from '../../db/client';
import { resolveStoredKey } from '../../lib/crypto/stored-key';
import type { ClavesVapid } from './push-envio';

/** Where the generated VAPID private key is kept in `app_meta` (development and tests). */
export const VAPID_KEY_NAME = 'vapid_private_key';

/** The public key of a P-256 private key (32 bytes), uncompressed, in base64url. */
export function clavePublicaDe(privada: Buffer): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privada);
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * The VAPID keys as the configuration asks (docs/decisions/055): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when given (config.ts checked that they are a pair); outside production, a
 * private key generated once and kept in the database (`app_meta`, as the JWT secret), so every
 * node and every restart signs with the same key and the browsers' subscriptions, made for its
 * public key, keep working. Production never generates one: config.ts refuses push without
 * them first. Undefined when push is off.
 */
export async function clavesVapidFor(
  db: Database,
  config: Pick<
    Config,
    | 'NODE_ENV'
    | 'PUSH_ENABLED'
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'SUPPORT_EMAIL'
    | 'PUBLIC_URL'
  >,
): Promise<ClavesVapid | undefined> {
  if (!config.PUSH_ENABLED) return undefined;
  const sujeto = sujetoVapid(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publica: config.VAPID_PUBLIC_KEY, privada: config.VAPID_PRIVATE_KEY, sujeto };
  }
  const privada = await resolveStoredKey(db, VAPID_KEY_NAME, undefined, {
    generate: secretsMayBeGenerated(config),
    variable: 'VAPID_PRIVATE_KEY',
  });
  return { publica: clavePublicaDe(privada), privada: privada.toString('base64url'), sujeto };
}
