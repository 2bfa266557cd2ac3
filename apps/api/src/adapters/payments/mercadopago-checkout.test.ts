import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../../lib/clock';
import { createMercadoPagoCheckout } from './mercadopago-checkout';
import { type MercadoPagoFake, startMercadoPagoFake } from './mercadopago-fake.test-server';
import { type CheckoutPort, PaymentsProviderError, type PreferenciaInput } from './payments.port';

const PEDIDO = '65f0c0ffee0000000000abcd';
const clock = createTestClock(new Date('2026-03-01T15:00:00.000Z'));

let fake: MercadoPagoFake;
let checkout: CheckoutPort;

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  checkout = createMercadoPagoCheckout({ apiUrl: `${fake.baseUrl}/`, timeoutMs: 500, clock });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.modo = 'normal';
  fake.solicitudes.length = 0;
});

const entrada = (accessToken: string): PreferenciaInput => ({
  items: [
    { id: 'prod-1', title: 'Yerba 1 kg', quantity: 2, unitPriceCentavos: 450_050 },
    { id: 'prod-2', title: 'Mate', quantity: 1, unitPriceCentavos: 1_000_000 },
  ],
  envioCentavos: 250_000,
  marketplaceFeeCentavos: 107_503,
  externalReference: PEDIDO,
  metadata: { tiendaId: 'tienda-42', tiendaNombre: 'La Tienda' },
  notificationUrl: 'https://compra.example/api/pago/webhook',
  backUrls: {
    success: 'https://compra.example/success?pedidoId=1',
    failure: 'https://compra.example/failure?pedidoId=1',
    pending: 'https://compra.example/success?pedidoId=1',
  },
  expiresAt: new Date('2026-03-01T15:30:00.000Z'),
  accessToken,
});

const errorDe = async (promesa: Promise<unknown>) => {
  const error = await promesa.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsProviderError);
  return error as PaymentsProviderError;
};

describe('Mercado Pago Checkout Pro over fetch (loopback fake)', () => {
  it("creates the preference on the seller's account with fee, expiry, back URLs and metadata", async () => {
    const token = fake.tokenDeVendedor(777);
    const preferencia = await checkout.crearPreferencia(entrada(token));
    expect(preferencia.id).toMatch(/^777-/);
    expect(preferencia.initPoint).toBe(
      `${fake.baseUrl}/checkout/v1/redirect?pref_id=${preferencia.id}`,
    );

    const [solicitud] = fake.solicitudes;
    expect(solicitud).toMatchObject({
      metodo: 'POST',
      ruta: '/checkout/preferences',
      autorizacion: `Bearer ${token}`,
    });
    expect(solicitud?.cuerpo).toEqual({
      items: [
        { id: 'prod-1', title: 'Yerba 1 kg', quantity: 2, unit_price: 4500.5, currency_id: 'ARS' },
        { id: 'prod-2', title: 'Mate', quantity: 1, unit_price: 10000, currency_id: 'ARS' },
        { id: 'envio', title: 'Envío', quantity: 1, unit_price: 2500, currency_id: 'ARS' },
      ],
      marketplace_fee: 1075.03,
      external_reference: PEDIDO,
      notification_url: 'https://compra.example/api/pago/webhook',
      back_urls: entrada(token).backUrls,
      auto_return: 'approved',
      expires: true,
      expiration_date_from: '2026-03-01T12:00:00.000-03:00',
      expiration_date_to: '2026-03-01T12:30:00.000-03:00',
      metadata: { tienda_id: 'tienda-42', tienda_nombre: 'La Tienda' },
    });
  });

  it('reads a payment: status, order, store and amount, nothing of the card or payer', async () => {
    const token = fake.tokenDeVendedor(778);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const pagoId = fake.pagar(id, 'approved');

    const leido = await checkout.obtenerPago(pagoId, token);
    expect(leido).toEqual({
      id: pagoId,
      status: 'approved',
      externalReference: PEDIDO,
      metadata: { tiendaId: 'tienda-42' },
      amountCentavos: 2_150_100,
      currency: 'ARS',
      collectorId: '778',
      // fee_details: Mercado Pago's 6.29 % and the marketplace's fee of the preference.
      comisiones: { mercadoPagoCentavos: 135_241, marketplaceCentavos: 107_503 },
    });
    expect(JSON.stringify(leido)).not.toMatch(/450995|3704|APRO|comprador/);
    expect(fake.solicitudes.at(-1)).toMatchObject({
      metodo: 'GET',
      ruta: `/v1/payments/${pagoId}`,
      autorizacion: `Bearer ${token}`,
    });

    const pendiente = fake.pagar(id, 'in_process');
    expect(await checkout.obtenerPago(pendiente, token)).toMatchObject({
      status: 'pending',
      comisiones: null,
    });
    const rechazado = fake.pagar(id, 'rejected');
    expect((await checkout.obtenerPago(rechazado, token))?.status).toBe('rejected');
  });

  it("answers undefined for a payment unknown or of another seller's account", async () => {
    const token = fake.tokenDeVendedor(779);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const pagoId = fake.pagar(id);
    expect(await checkout.obtenerPago('99999999999', token)).toBeUndefined();
    expect(await checkout.obtenerPago(pagoId, fake.tokenDeVendedor(780))).toBeUndefined();
    expect(await checkout.obtenerPago('../oauth/token', token)).toBeUndefined();
  });

  it("searches an order's payments on the seller's account, newest first, each read as one payment is", async () => {
    const token = fake.tokenDeVendedor(790);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const aprobado = fake.pagar(id, 'approved');
    const rechazado = fake.pagar(id, 'rejected');
    const pendiente = fake.pagar(id, 'in_process');
    // Another order of the same seller, and the same order on another seller's account.
    const otroPedido = await checkout.crearPreferencia({
      ...entrada(token),
      externalReference: '65f0c0ffee0000000000ffff',
    });
    fake.pagar(otroPedido.id);
    const otraCuenta = fake.tokenDeVendedor(791);
    fake.pagar((await checkout.crearPreferencia(entrada(otraCuenta))).id);
    fake.solicitudes.length = 0;

    const pagos = await checkout.buscarPagos(PEDIDO, token);
    expect(pagos.map((p) => [p.id, p.status])).toEqual([
      [pendiente, 'pending'],
      [rechazado, 'rejected'],
      [aprobado, 'approved'],
    ]);
    // Each result mapped exactly as GET /v1/payments/{id} is.
    for (const pago of pagos) expect(pago).toEqual(await checkout.obtenerPago(pago.id, token));
    expect(JSON.stringify(pagos)).not.toMatch(/450995|3704|APRO|comprador/);
    expect(fake.solicitudes[0]).toMatchObject({
      metodo: 'GET',
      ruta: '/v1/payments/search',
      autorizacion: `Bearer ${token}`,
      parametros: {
        external_reference: PEDIDO,
        sort: 'date_created',
        criteria: 'desc',
        limit: '50',
        offset: '0',
      },
    });

    expect(await checkout.buscarPagos('65f0c0ffee0000000000eeee', token)).toEqual([]);
  });

  it('reads every page of a long search, and tells an outage from a refusal', async () => {
    const token = fake.tokenDeVendedor(792);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const ids = Array.from({ length: 120 }, () => fake.pagar(id, 'rejected'));
    fake.solicitudes.length = 0;
    const pagos = await checkout.buscarPagos(PEDIDO, token);
    expect(pagos.map((p) => p.id)).toEqual(ids.reverse());
    expect(fake.solicitudes.map((s) => s.parametros?.offset)).toEqual(['0', '50', '100']);

    fake.modo = 'caida';
    const caida = await errorDe(checkout.buscarPagos(PEDIDO, token));
    expect(caida).toMatchObject({ reason: 'unavailable', status: 500 });
    expect(caida.message).not.toContain(token);
    fake.modo = 'normal';
    expect(await errorDe(checkout.buscarPagos(PEDIDO, 'APP_USR-revocado'))).toMatchObject({
      reason: 'rejected',
      status: 401,
    });
    expect(await errorDe(checkout.buscarPagos(PEDIDO))).toMatchObject({ reason: 'rejected' });
  });

  it('refunds with X-Idempotency-Key; the same key answers the same refund', async () => {
    const token = fake.tokenDeVendedor(781);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const pagoId = fake.pagar(id);

    const primero = await checkout.reembolsar(pagoId, `reembolso-${pagoId}`, token);
    const segundo = await checkout.reembolsar(pagoId, `reembolso-${pagoId}`, token);
    expect(primero.id).toMatch(/^\d+$/);
    expect(segundo).toEqual(primero);
    expect(fake.reembolsos.get(pagoId)).toBe(1);
    const refunds = fake.solicitudes.filter((s) => s.ruta === `/v1/payments/${pagoId}/refunds`);
    expect(refunds.map((s) => s.idempotencia)).toEqual([
      `reembolso-${pagoId}`,
      `reembolso-${pagoId}`,
    ]);
    expect((await checkout.obtenerPago(pagoId, token))?.status).toBe('rejected');

    // Another key on a refunded payment is a refusal (4xx), not an outage.
    const otra = await errorDe(checkout.reembolsar(pagoId, 'otra-clave', token));
    expect(otra).toMatchObject({ reason: 'rejected', status: 400 });
  });

  it('refunds in part with `amount` in pesos (a cancelled group); the payment stays approved until refunded in full', async () => {
    const token = fake.tokenDeVendedor(783);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const pagoId = fake.pagar(id);

    const parte = await checkout.reembolsar(pagoId, 'reembolso-grupo-a', token, 900_100);
    expect(await checkout.reembolsar(pagoId, 'reembolso-grupo-a', token, 900_100)).toEqual(parte);
    const refunds = fake.solicitudes.filter((s) => s.ruta === `/v1/payments/${pagoId}/refunds`);
    expect(refunds.map((s) => [s.cuerpo, s.idempotencia])).toEqual([
      [{ amount: 9001 }, 'reembolso-grupo-a'],
      [{ amount: 9001 }, 'reembolso-grupo-a'],
    ]);
    expect(fake.reembolsos.get(pagoId)).toBe(1);
    expect((await checkout.obtenerPago(pagoId, token))?.status).toBe('approved');

    // Another part with another key; more than what is left is refused (4xx).
    await checkout.reembolsar(pagoId, 'reembolso-grupo-b', token, 1_000_000);
    expect(fake.reembolsos.get(pagoId)).toBe(2);
    const demasiado = await errorDe(
      checkout.reembolsar(pagoId, 'reembolso-grupo-c', token, 1_000_000),
    );
    expect(demasiado).toMatchObject({ reason: 'rejected', status: 400 });
    expect(demasiado.message).toContain('invalid_amount');
    // An amount that is not a positive number of centavos never leaves.
    const antes = fake.solicitudes.length;
    await errorDe(checkout.reembolsar(pagoId, 'reembolso-grupo-d', token, 0));
    await errorDe(checkout.reembolsar(pagoId, 'reembolso-grupo-d', token, 10.5));
    expect(fake.solicitudes.length).toBe(antes);
  });

  it('tells an outage (5xx, timeout) from a refusal (4xx) and never puts the token in errors', async () => {
    const token = fake.tokenDeVendedor(782);
    const { id } = await checkout.crearPreferencia(entrada(token));
    const pagoId = fake.pagar(id);

    fake.modo = 'caida';
    for (const llamada of [
      () => checkout.crearPreferencia(entrada(token)),
      () => checkout.obtenerPago(pagoId, token),
      () => checkout.reembolsar(pagoId, 'clave-1', token),
    ]) {
      const error = await errorDe(llamada());
      expect(error).toMatchObject({ reason: 'unavailable', status: 500 });
      expect(error.message).not.toContain(token);
    }

    fake.modo = 'lenta';
    expect(await errorDe(checkout.obtenerPago(pagoId, token))).toMatchObject({
      reason: 'unavailable',
    });

    fake.modo = 'normal';
    const invalido = await errorDe(checkout.crearPreferencia(entrada('APP_USR-revocado')));
    expect(invalido).toMatchObject({ reason: 'rejected', status: 401 });
    expect(invalido.message).not.toContain('APP_USR');
    const sinItems = await errorDe(
      checkout.crearPreferencia({ ...entrada(token), items: [], envioCentavos: 0 }),
    );
    expect(sinItems).toMatchObject({ reason: 'rejected', status: 400 });
    expect(sinItems.message).toContain('invalid_items');
    expect(await errorDe(checkout.obtenerPago(pagoId))).toMatchObject({ reason: 'rejected' });
  });
});
