import { randomUUID } from 'node:crypto';
import { firmarNotificacion } from '../adapters/payments/webhook-signature';
import type { LoggedIn } from './auth-helpers';
import type { TestApp } from './test-app';

/**
 * The two halves of `pagarEnSandbox` (pedido-helpers.ts), for tests that race the provider's
 * notification against something else: the shopper approves the part on the sandbox checkout
 * page (answers the provider payment id), and later the provider notifies it.
 */
export async function aprobarEnSandboxSinNotificar(
  t: TestApp,
  who: LoggedIn,
  pedidoId: string,
  tiendaId: string,
): Promise<string> {
  const link = await t.app.inject({
    url: `/api/pedido/linkPago/${pedidoId}/${tiendaId}`,
    headers: who.auth,
  });
  if (link.statusCode !== 200) throw new Error(`linkPago falló: ${link.statusCode} ${link.body}`);
  const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/mercadopago/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pref_id: prefId, accion: 'aprobar' }).toString(),
  });
  if (checkout.statusCode !== 302) throw new Error(`checkout falló: ${checkout.body}`);
  return new URL(checkout.headers.location as string).searchParams.get('payment_id') as string;
}

/** The provider's signed notification of a payment, as Mercado Pago sends it (any answer). */
export function notificarPago(
  t: TestApp,
  dataId: string,
  { secreto, ahora }: { secreto: string; ahora: () => Date },
) {
  const requestId = randomUUID();
  return t.app.inject({
    method: 'POST',
    url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
    headers: {
      'x-request-id': requestId,
      'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: ahora() }),
    },
    payload: { type: 'payment', data: { id: dataId } },
  });
}
