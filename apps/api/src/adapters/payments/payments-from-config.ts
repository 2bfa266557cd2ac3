import { type Config, MP_CALLBACK_PATH } from '../../config';
import type { Clock } from '../../lib/clock';
import { createMercadoPagoPayments } from './mercadopago-payments';
import type { PaymentsPort } from './payments.port';
import { createSandboxPayments } from './sandbox-payments';

/** Where the provider sends the seller back after authorizing: MP_REDIRECT_URI, or this app's. */
export const accountLinkRedirectUri = (config: Config): string =>
  config.MP_REDIRECT_URI ?? `${config.PUBLIC_URL}${MP_CALLBACK_PATH}`;

/**
 * The payments port by configuration (MP_MODE, see config.ts): real Mercado Pago with its
 * credentials, the embedded sandbox ('Modo de prueba'; the default outside production), or
 * undefined when it is off (production without credentials and without DEMO_MODE).
 * `mercadoPagoKey` is the app's Mercado Pago master key; the sandbox signs with a key derived
 * from it, so every node and restart accepts its codes and tokens.
 */
export function createPayments(
  config: Config,
  { mercadoPagoKey, clock }: { mercadoPagoKey: Buffer; clock?: Clock },
): PaymentsPort | undefined {
  if (
    config.MP_MODE === 'mercadopago' &&
    config.MP_CLIENT_ID &&
    config.MP_CLIENT_SECRET &&
    config.MP_REDIRECT_URI
  ) {
    return createMercadoPagoPayments({
      clientId: config.MP_CLIENT_ID,
      clientSecret: config.MP_CLIENT_SECRET,
      authUrl: config.MP_AUTH_URL,
      apiUrl: config.MP_API_URL,
    });
  }
  if (config.MP_MODE !== 'sandbox') return undefined;
  return createSandboxPayments({
    masterKey: mercadoPagoKey,
    publicUrl: config.PUBLIC_URL,
    redirectUri: accountLinkRedirectUri(config),
    clock,
  });
}
