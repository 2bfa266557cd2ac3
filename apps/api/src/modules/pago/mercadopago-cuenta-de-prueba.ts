import { randomInt } from 'node:crypto';
import { sandboxAccountTokens } from '../../adapters/payments/sandbox-payments';
import type { Database } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { resolveStoredKey } from '../../lib/crypto/stored-key';
import { createMercadoPagoRepository } from './mercadopago-vinculacion.repository';
import { createCifradoMercadoPago } from './mercadopago-vinculacion.service';

/** Where the generated Mercado Pago key is kept in `app_meta` when MP_TOKEN_ENCRYPTION_KEY is empty. */
export const MERCADOPAGO_KEY_NAME = 'mp_token_encryption_key';

/** The app's Mercado Pago master key: MP_TOKEN_ENCRYPTION_KEY, or the one kept in the database. */
export const resolveMercadoPagoKey = (db: Database, configured?: string) =>
  resolveStoredKey(db, MERCADOPAGO_KEY_NAME, configured);

/**
 * Links a seller's store to a new sandbox ('Modo de prueba') Mercado Pago account, as if they
 * had authorized it on the consent page: sealed sandbox tokens in `cuentas_mercadopago` and
 * `tiendas.mp_vinculado = true` with the account id, in one transaction. For the demo seed;
 * idempotent per seller (a second call replaces the tokens). `claveConfigurada` is
 * MP_TOKEN_ENCRYPTION_KEY when set. The account is used while MP_MODE is `sandbox`.
 */
export async function vincularCuentaDePrueba(
  db: Database,
  cuenta: { usuarioId: string; tiendaId: string; mpUsuarioId?: string },
  { claveConfigurada, clock = systemClock }: { claveConfigurada?: string; clock?: Clock } = {},
): Promise<{ mpUsuarioId: string }> {
  const claveMaestra = await resolveMercadoPagoKey(db, claveConfigurada);
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
    await repo.guardarCuenta({
      usuarioId: cuenta.usuarioId,
      tiendaId: cuenta.tiendaId,
      origen: 'sandbox',
      mpUsuarioId,
      tokens: sellados,
      ahora,
    });
    await repo.marcarTiendaVinculada(cuenta.tiendaId, mpUsuarioId);
  });
  return { mpUsuarioId };
}
