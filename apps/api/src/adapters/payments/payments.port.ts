import type { FastifyPluginAsync } from 'fastify';
import type { AnyQueuedJob } from '../../jobs/queued-job';

/**
 * The payments port (DESIGN.md section 2): Mercado Pago, or the embedded sandbox that behaves
 * like it ('Modo de prueba'). Each part of the provider is one member: the sellers' account
 * link (OAuth with PKCE) now; Checkout Pro preferences, payments and refunds join it with the
 * checkout.
 */
export interface PaymentsPort {
  readonly provider: PaymentsProvider;
  readonly accountLink: AccountLinkPort;
  /** Checkout Pro: preferences, payments and refunds (docs/decisions/025); undefined: not yet. */
  readonly checkout?: CheckoutPort;
  /**
   * Pages the provider serves from this app (the sandbox's consent page), mounted under
   * `/api/sandbox/mercadopago`; undefined for the real provider.
   */
  readonly sandboxRoutes?: FastifyPluginAsync;
  /**
   * The jobs the provider runs in this app (the sandbox's notification retries), declared by
   * the pago module's manifest like any module's jobs.
   */
  readonly trabajos?: readonly AnyQueuedJob[];
}

export type PaymentsProvider = 'sandbox' | 'mercadopago';

/** A seller authorizes the marketplace on their payment account (OAuth authorization code + PKCE). */
export interface AccountLinkPort {
  /** Where to send the seller's browser to authorize. */
  authorizationUrl(request: {
    state: string;
    /** base64url(SHA-256(code_verifier)), RFC 7636 S256. */
    codeChallenge: string;
    redirectUri: string;
  }): string;
  /** The authorization code the browser came back with, for the seller's tokens. */
  exchangeCode(request: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<AccountTokens>;
  /** New tokens for a refresh token (which may not be used again afterwards). */
  refresh(refreshToken: string): Promise<AccountTokens>;
}

export interface AccountTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives from now. */
  expiresIn: number;
  /** The seller's user id at the provider. */
  mpUsuarioId: string;
}

/**
 * Why the provider did not give tokens. `invalid_grant`: the code or refresh token is invalid,
 * expired, already used or not bound to this verifier (retrying cannot help). `rejected`: any
 * other refusal (bad client credentials, a malformed request). `unavailable`: network, timeout,
 * 429 or 5xx (retrying later may help). `bad_response`: an answer of an unexpected shape.
 * The message never holds a token, code or verifier.
 */
export type PaymentsFailure = 'invalid_grant' | 'rejected' | 'unavailable' | 'bad_response';

export class PaymentsProviderError extends Error {
  override name = 'PaymentsProviderError';
  constructor(
    readonly reason: PaymentsFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One seller's part of an order, as a Checkout Pro preference (docs/decisions/025). */
export interface PreferenciaInput {
  items: { id: string; title: string; quantity: number; unitPriceCentavos: number }[];
  /** The seller's shipping, charged with the items. */
  envioCentavos: number;
  /** The marketplace's fee, kept from the seller's payment. */
  marketplaceFeeCentavos: number;
  /** The order id. */
  externalReference: string;
  metadata: { tiendaId: string; tiendaNombre: string };
  notificationUrl: string;
  backUrls: { success: string; failure: string; pending: string };
  /** The preference lapses with the order's reservation. */
  expiresAt: Date;
  /** The seller's access token: the preference is created on the seller's account. */
  accessToken: string;
}

export type EstadoPagoLeido = 'approved' | 'rejected' | 'pending';

/** A payment as the provider reports it when asked (never the notification's body). */
export interface PagoLeido {
  id: string;
  status: EstadoPagoLeido;
  externalReference: string;
  metadata: { tiendaId: string };
  amountCentavos: number;
  /** ISO 4217 currency of the payment. */
  currency: string;
  /** The provider account that received the payment (the seller's), when the provider says. */
  collectorId: string | null;
  /**
   * The fees the provider reports kept from the payment: its own (Mercado Pago's) and the
   * marketplace's (`application_fee`); null when it reports none (docs/decisions/058).
   */
  comisiones: { mercadoPagoCentavos: number; marketplaceCentavos: number } | null;
}

export interface CheckoutPort {
  crearPreferencia(input: PreferenciaInput): Promise<{ id: string; initPoint: string }>;
  /**
   * The payment by the provider's id; undefined when the provider does not know it.
   * `accessToken`: the seller's (the account the payment is on); real Mercado Pago needs it,
   * the sandbox does not.
   */
  obtenerPago(id: string, accessToken?: string): Promise<PagoLeido | undefined>;
  /**
   * Every payment the provider has for an order (`externalReference`, the order id), newest
   * first, each read as `obtenerPago` reads one; payments that are not this marketplace's
   * checkout's are left out. The reconciliation (modules/pago/conciliacion.service.ts) asks,
   * so a lost notification is not a lost payment. `accessToken`: as for `obtenerPago`.
   */
  buscarPagos(externalReference: string, accessToken?: string): Promise<PagoLeido[]>;
  /**
   * Refunds a payment: in full, or in part by `montoCentavos` (a cancelled group's share of a
   * seller's payment, docs/decisions/026); the same key twice gives the same refund. Refusing a
   * part larger than what is left is the provider's. `accessToken`: as above.
   */
  reembolsar(
    pagoId: string,
    clave: string,
    accessToken?: string,
    montoCentavos?: number,
  ): Promise<{ id: string }>;
}
