import { webhookSecret } from '../adapters/payments/payments-from-config';
import type { Clock } from '../lib/clock';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../modules/mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { type VendedorDePrueba, vendedorConTienda } from './producto-helpers';
import type { TestApp } from './test-app';

/**
 * A fresh seller whose enabled store has Mercado Pago linked on the sandbox, and the secret
 * that signs the payment notifications the test delivers to the webhook.
 */
export async function vendedorQueCobra(
  t: TestApp,
  clock: Clock,
): Promise<{ vendedor: VendedorDePrueba; secreto: string }> {
  const vendedor = await vendedorConTienda(t);
  await vincularCuentaDePrueba(
    t.database.db,
    { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
    { clock },
  );
  const secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
  return { vendedor, secreto };
}
