import { type Config, MP_CALLBACK_PATH } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queued-job';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey } from '../../lib/crypto/secret-box';
import { createMercadoPagoCheckout } from './mercadopago-checkout';
import { createMercadoPagoPayments } from './mercadopago-payments';
import type { PaymentsPort } from './payments.port';
import { createSandboxCheckout } from './sandbox-checkout';
import { createSandboxPayments } from './sandbox-payments';

/** Where the provider notifies payments (docs/decisions/025). */
export const WEBHOOK_PATH = '/api/pago/webhook';

/**
 * The secret of the notifications' `x-signature`: MP_WEBHOOK_SECRET, or one derived from the
 * app's Mercado Pago master key (kept in the database), the same on every node and restart.
 */
export const webhookSecret = (config: Config, mercadoPagoKey: Buffer): string =>
  config.MP_WEBHOOK_SECRET ?? deriveKey(mercadoPagoKey, 'mercadopago/webhook').toString('hex');

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
  {
    mercadoPagoKey,
    clock = systemClock,
    db,
    jobs,
  }: {
    mercadoPagoKey: Buffer;
    clock?: Clock;
    db?: Database;
    /** The app's jobs table: the sandbox records each notification there (its retries). */
    jobs?: JobQueue;
  },
): PaymentsPort | undefined {
  if (
    config.MP_MODE === 'mercadopago' &&
    config.MP_CLIENT_ID &&
    config.MP_CLIENT_SECRET &&
    config.MP_REDIRECT_URI
  ) {
    return {
      ...createMercadoPagoPayments({
        clientId: config.MP_CLIENT_ID,
        clientSecret: config.MP_CLIENT_SECRET,
        authUrl: config.MP_AUTH_URL,
        apiUrl: config.MP_API_URL,
      }),
      // Checkout Pro on each seller's account, with that seller's token (docs/decisions/025).
      checkout: createMercadoPagoCheckout({ apiUrl: config.MP_API_URL, clock }),
    };
  }
  if (config.MP_MODE !== 'sandbox') return undefined;
  return createSandboxPayments({
    masterKey: mercadoPagoKey,
    publicUrl: config.PUBLIC_URL,
    redirectUri: accountLinkRedirectUri(config),
    clock,
    ...(db
      ? {
          checkout: createSandboxCheckout({
            db,
            publicUrl: config.PUBLIC_URL,
            webhookSecret: webhookSecret(config, mercadoPagoKey),
            clock,
            ...(jobs ? { jobs } : {}),
          }),
        }
      : {}),
  });
}
