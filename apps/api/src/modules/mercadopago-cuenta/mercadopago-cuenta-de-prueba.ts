import { randomBytes, randomInt } from 'node:crypto';
import { sandboxAccountTokens } from '../../adapters/payments/sandbox-payments';
import { type Config, secretsMayBeGenerated } from '../../config';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { resolveStoredKey } from '../../lib/crypto/stored-key';
import { createMercadoPagoRepository } from './mercadopago-vinculacion.repository';
import { createCifradoMercadoPago } from './mercadopago-vinculacion.service';

/** Where the generated Mercado Pago key is kept in `app_meta` when MP_TOKEN_ENCRYPTION_KEY is empty. */
export const MERCADOPAGO_KEY_NAME = 'mp_token_encryption_key';

/**
 * The app's Mercado Pago master key: MP_TOKEN_ENCRYPTION_KEY, or the one kept in the database
 * (generated there only where `generate` allows it: development and tests).
 */
export const resolveMercadoPagoKey = (
  db: Database,
  configured?: string,
  { generate = true }: { generate?: boolean } = {},
) =>
  resolveStoredKey(db, MERCADOPAGO_KEY_NAME, configured, {
    generate,
    variable: 'MP_TOKEN_ENCRYPTION_KEY',
  });

/**
 * The master key as the configuration asks: the configured one; outside production the one
 * kept in the database; in production with Mercado Pago off and no key, one for this process
 * only (nothing is sealed or opened while it is off, and nothing is stored). Production with
 * Mercado Pago on and no key is refused (config.ts refuses it first).
 */
export async function mercadoPagoKeyFor(db: Database, config: Config): Promise<Buffer> {
  const generate = secretsMayBeGenerated(config);
  if (!config.MP_TOKEN_ENCRYPTION_KEY && !generate && config.MP_MODE === 'off') {
    return randomBytes(32);
  }
  return resolveMercadoPagoKey(db, config.MP_TOKEN_ENCRYPTION_KEY, { generate });
}

/**
 * Links a seller's store to a new sandbox ('Modo de prueba') Mercado Pago account, as if they
 * had authorized it on the consent page: sealed sandbox tokens in `cuentas_mercadopago` and
 * `tiendas.mp_vinculado = true` with the account id, in one transaction. For the demo seed;
 * idempotent per seller (a second call replaces the tokens). `claveConfigurada` is
 * MP_TOKEN_ENCRYPTION_KEY when set; `generarClave` false (production) refuses without it. The account is used while MP_MODE is `sandbox`.
 */
export async function vincularCuentaDePrueba(
  db: Database,
  cuenta: { usuarioId: string; tiendaId: string; mpUsuarioId?: string },
  {
    claveConfigurada,
    generarClave = true,
    clock = systemClock,
  }: { claveConfigurada?: string; generarClave?: boolean; clock?: Clock } = {},
): Promise<{ mpUsuarioId: string }> {
  const claveMaestra = await resolveMercadoPagoKey(db, claveConfigurada, {
    generate: generarClave,
  });
  const mpUsuarioId = cuenta.mpUsuarioId ?? String(randomInt(100_000_000, 999_999_999));
  const ahora = clock.now();
  const tokens = sandboxAccountTokens(claveMaestra, mpUsuarioId, clock);
  const sellados = createCifradoMercadoPago(claveMaestra).sellarTokens(
    cuenta.usuarioId,
    tokens,
    ahora,
  );
  await db.transaction(async (tx) => {
    const repo = createMercadoPagoRepository(tx as unknown as Database);
    await repo.upsertCuenta({
      usuarioId: cuenta.usuarioId,
      tiendaId: cuenta.tiendaId,
      origen: 'sandbox',
      mpUsuarioId,
      tokens: sellados,
      ahora,
    });
    await repo.markTiendaVinculada(cuenta.tiendaId, mpUsuarioId);
  });
  return { mpUsuarioId };
}
