import { z } from 'zod';
import { assertOutsideTransaction } from '../../db/unit-of-work';
import { type Clock, systemClock } from '../../lib/clock';
import {
  type CheckoutPort,
  type EstadoPagoLeido,
  type PagoLeido,
  PaymentsProviderError,
  type PreferenciaInput,
} from './payments.port';

export interface MercadoPagoCheckoutOptions {
  /** The API, e.g. 'https://api.mercadopago.com' (MP_API_URL). */
  apiUrl: string;
  /** Per request, the body included. */
  timeoutMs?: number;
  /** ISO 4217 currency of the items (Checkout Pro's `currency_id`). */
  currencyId?: string;
  clock?: Clock;
}

/** POST /checkout/preferences' answer (only what the app uses). */
const preferenciaSchema = z.object({
  id: z.string().min(1).max(200),
  init_point: z.string().url().max(2000),
});

/**
 * GET /v1/payments/{id}'s answer, only what the app uses: card, payer and other personal data
 * are dropped here and never reach the app or its logs. Mercado Pago stores metadata keys in
 * snake_case, so `tiendaId` comes back as `tienda_id`.
 */
const pagoSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]),
  status: z.string().max(40),
  external_reference: z.string().max(256).nullish(),
  metadata: z
    .object({ tienda_id: z.string().max(64).nullish() })
    .passthrough()
    .nullish(),
  transaction_amount: z.number().nonnegative(),
  currency_id: z.string().max(8).nullish(),
  collector_id: z.union([z.number().int().nonnegative(), z.string().max(32)]).nullish(),
  /** What was kept from the payment: `mercadopago_fee`, `application_fee` (the marketplace's). */
  fee_details: z
    .array(
      z
        .object({ type: z.string().max(64), amount: z.number().nonnegative().max(1e12) })
        .passthrough(),
    )
    .max(50)
    .nullish(),
});

/** The fees in a payment's `fee_details`, by kind; null when it lists none. */
function comisionesDe(
  detalles: { type: string; amount: number }[] | null | undefined,
): PagoLeido['comisiones'] {
  if (!detalles || detalles.length === 0) return null;
  const suma = (tipo: string) =>
    detalles.filter((d) => d.type === tipo).reduce((t, d) => t + Math.round(d.amount * 100), 0);
  return {
    mercadoPagoCentavos: suma('mercadopago_fee'),
    marketplaceCentavos: suma('application_fee'),
  };
}

/**
 * GET /v1/payments/search's answer: `{ paging: { total, limit, offset }, results: [payment] }`,
 * each result a payment as GET /v1/payments/{id} answers it.
 */
const busquedaSchema = z.object({
  paging: z.object({ total: z.number().int().nonnegative() }).passthrough(),
  results: z.array(z.unknown()).max(1000),
});

/** Payments per search page, and at most this many read for one order (newest first). */
const BUSQUEDA_PAGINA = 50;
const BUSQUEDA_MAXIMO = 200;

/** POST /v1/payments/{id}/refunds' answer. */
const reembolsoSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]),
});

/** The error answer: `{ message, error, status, cause }`. */
const errorAnswerSchema = z.object({ error: z.string().max(200).optional() });

/**
 * Mercado Pago's payment statuses as the app reads them: `approved` is a sale; `rejected`,
 * `cancelled` (lapsed or cancelled before paying), `refunded` and `charged_back` (money that
 * is not the seller's any more) are not; `pending`, `in_process`, `authorized`, `in_mediation`
 * are not decided yet.
 */
const ESTADOS: Record<string, EstadoPagoLeido> = {
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'rejected',
  refunded: 'rejected',
  charged_back: 'rejected',
  pending: 'pending',
  in_process: 'pending',
  authorized: 'pending',
  in_mediation: 'pending',
};

const ID_PAGO = /^\d{1,20}$/;
const pesos = (centavos: number) => Math.round(centavos) / 100;

/**
 * Real Mercado Pago Checkout Pro over `fetch` (docs/decisions/025). Not the official SDK:
 * `mercadopago` (3.x) builds every URL from a fixed `AppConfig.BASE_URL`
 * (https://api.mercadopago.com) with no per-client override, so it cannot be pointed at the
 * loopback fake the tests use (nor at MP_API_URL), and it retries 5xx itself with up to 30 s
 * back-off, which the app's own retries (webhook, refund sweep) already do.
 *
 * Every call is made with the seller's access token (the preference and its payments live on
 * the seller's account; the marketplace keeps `marketplace_fee`). Errors: 404 on a payment read
 * is "unknown" (undefined); other 4xx are `rejected`; network errors, timeouts, 429 and 5xx
 * `unavailable`; an answer of another shape `bad_response`. Error messages carry the status
 * and the provider's error code only: never a token, a body or card data.
 */
/**
 * Dates as Mercado Pago documents them for preferences (`yyyy-MM-dd'T'HH:mm:ss.SSS±hh:mm`), in
 * Argentina's time (UTC−3 all year).
 */
export const fechaMercadoPago = (fecha: Date): string =>
  `${new Date(fecha.getTime() - 3 * 3_600_000).toISOString().slice(0, -1)}-03:00`;

export function createMercadoPagoCheckout(options: MercadoPagoCheckoutOptions): CheckoutPort {
  const { timeoutMs = 10_000, currencyId = 'ARS', clock = systemClock } = options;
  const apiUrl = options.apiUrl.replace(/\/+$/, '');

  async function llamar(
    que: string,
    request: {
      method: 'GET' | 'POST';
      path: string;
      accessToken: string | undefined;
      body?: unknown;
      idempotencyKey?: string;
    },
  ): Promise<{ status: number; body: unknown }> {
    assertOutsideTransaction(`Mercado Pago (${que})`);
    if (!request.accessToken) {
      throw new PaymentsProviderError('rejected', `Mercado Pago (${que}): sin token del vendedor`);
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${request.accessToken}`,
    };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey) headers['x-idempotency-key'] = request.idempotencyKey;
    let answer: Response;
    try {
      answer = await fetch(`${apiUrl}${request.path}`, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const what = error instanceof Error ? error.name : 'Error';
      throw new PaymentsProviderError(
        'unavailable',
        `Mercado Pago (${que}) no respondió (${what})`,
      );
    }
    let body: unknown;
    try {
      body = await answer.json();
    } catch (error) {
      // The timeout covers the body too.
      const what = error instanceof Error ? error.name : 'Error';
      if (what === 'TimeoutError' || what === 'AbortError') {
        throw new PaymentsProviderError(
          'unavailable',
          `Mercado Pago (${que}) no respondió (${what})`,
        );
      }
      body = undefined;
    }
    return { status: answer.status, body };
  }

  function fallo(que: string, status: number, body: unknown): PaymentsProviderError {
    const code = errorAnswerSchema.safeParse(body).data?.error;
    const reason = status === 429 || status >= 500 ? 'unavailable' : 'rejected';
    return new PaymentsProviderError(
      reason,
      `Mercado Pago (${que}) respondió ${status}${code ? ` (${code.replace(/[^\w.-]/g, '')})` : ''}`,
      status,
    );
  }

  const otraForma = (que: string) =>
    new PaymentsProviderError('bad_response', `Mercado Pago (${que}) respondió con otra forma`);

  /**
   * One payment of GET /v1/payments/{id} or of a search's results, as the app reads it;
   * undefined when it is not a payment of this marketplace's checkout.
   */
  function leerPago(que: string, body: unknown): PagoLeido | undefined {
    const pago = pagoSchema.safeParse(body);
    if (!pago.success) throw otraForma(que);
    const estado = ESTADOS[pago.data.status];
    if (!estado) throw otraForma(que);
    const tiendaId = pago.data.metadata?.tienda_id;
    const externalReference = pago.data.external_reference;
    // Not a payment of this marketplace's checkout (no order or store): nothing to apply.
    if (!tiendaId || !externalReference) return undefined;
    return {
      id: String(pago.data.id),
      status: estado,
      externalReference,
      metadata: { tiendaId },
      amountCentavos: Math.round(pago.data.transaction_amount * 100),
      currency: pago.data.currency_id ?? '',
      collectorId: pago.data.collector_id == null ? null : String(pago.data.collector_id),
      comisiones: comisionesDe(pago.data.fee_details),
    };
  }

  return {
    async crearPreferencia(input: PreferenciaInput) {
      const que = 'checkout/preferences';
      const items = input.items.map((item) => ({
        id: item.id,
        title: item.title,
        quantity: item.quantity,
        unit_price: pesos(item.unitPriceCentavos),
        currency_id: currencyId,
      }));
      if (input.envioCentavos > 0) {
        items.push({
          id: 'envio',
          title: 'Envío',
          quantity: 1,
          unit_price: pesos(input.envioCentavos),
          currency_id: currencyId,
        });
      }
      const { status, body } = await llamar(que, {
        method: 'POST',
        path: '/checkout/preferences',
        accessToken: input.accessToken,
        body: {
          items,
          marketplace_fee: pesos(input.marketplaceFeeCentavos),
          external_reference: input.externalReference,
          notification_url: input.notificationUrl,
          back_urls: input.backUrls,
          auto_return: 'approved',
          expires: true,
          expiration_date_from: fechaMercadoPago(clock.now()),
          expiration_date_to: fechaMercadoPago(input.expiresAt),
          // Mercado Pago keeps metadata keys in snake_case; obtenerPago reads `tienda_id`.
          metadata: {
            tienda_id: input.metadata.tiendaId,
            tienda_nombre: input.metadata.tiendaNombre,
          },
        },
      });
      if (status < 200 || status >= 300) throw fallo(que, status, body);
      const preferencia = preferenciaSchema.safeParse(body);
      if (!preferencia.success) throw otraForma(que);
      return { id: preferencia.data.id, initPoint: preferencia.data.init_point };
    },

    async obtenerPago(id: string, accessToken?: string): Promise<PagoLeido | undefined> {
      const que = 'v1/payments';
      if (!ID_PAGO.test(id)) return undefined;
      const { status, body } = await llamar(que, {
        method: 'GET',
        path: `/v1/payments/${id}`,
        accessToken,
      });
      if (status === 404) return undefined;
      if (status < 200 || status >= 300) throw fallo(que, status, body);
      return leerPago(que, body);
    },

    async buscarPagos(externalReference: string, accessToken?: string): Promise<PagoLeido[]> {
      const que = 'v1/payments/search';
      const pagos = new Map<string, PagoLeido>();
      // Newest first, a page at a time; a result read twice (a page moved) counts once.
      for (let offset = 0; offset < BUSQUEDA_MAXIMO; ) {
        const query = new URLSearchParams({
          external_reference: externalReference,
          sort: 'date_created',
          criteria: 'desc',
          limit: String(BUSQUEDA_PAGINA),
          offset: String(offset),
        });
        const { status, body } = await llamar(que, {
          method: 'GET',
          path: `/v1/payments/search?${query}`,
          accessToken,
        });
        if (status < 200 || status >= 300) throw fallo(que, status, body);
        const pagina = busquedaSchema.safeParse(body);
        if (!pagina.success) throw otraForma(que);
        for (const resultado of pagina.data.results) {
          const leido = leerPago(que, resultado);
          if (leido?.externalReference === externalReference && !pagos.has(leido.id)) {
            pagos.set(leido.id, leido);
          }
        }
        offset += pagina.data.results.length;
        if (pagina.data.results.length === 0 || offset >= pagina.data.paging.total) break;
      }
      return [...pagos.values()];
    },

    async reembolsar(pagoId: string, clave: string, accessToken?: string, montoCentavos?: number) {
      const que = 'v1/payments/refunds';
      if (!ID_PAGO.test(pagoId)) {
        throw new PaymentsProviderError('rejected', `Mercado Pago (${que}): id de pago inválido`);
      }
      if (
        montoCentavos !== undefined &&
        !(Number.isSafeInteger(montoCentavos) && montoCentavos > 0)
      ) {
        throw new PaymentsProviderError('rejected', `Mercado Pago (${que}): monto inválido`);
      }
      const { status, body } = await llamar(que, {
        method: 'POST',
        path: `/v1/payments/${pagoId}/refunds`,
        accessToken,
        // No amount: the whole payment; an amount (pesos): a partial refund.
        body: montoCentavos === undefined ? {} : { amount: pesos(montoCentavos) },
        idempotencyKey: clave,
      });
      if (status < 200 || status >= 300) throw fallo(que, status, body);
      const reembolso = reembolsoSchema.safeParse(body);
      if (!reembolso.success) throw otraForma(que);
      return { id: String(reembolso.data.id) };
    },
  };
}
