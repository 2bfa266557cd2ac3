import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch';
import {
  callsTo,
  crearPago,
  crearPedidoConPagos,
  mockPagosApi,
  OTRO_PEDIDO_ID,
  PEDIDO_ID,
  pedidosJson,
  TIENDA_B,
} from '@/test/pagos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken, USER_ID } from '@/test/tokens';

vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: () => () => undefined,
}));

describe('/my-payments', () => {
  beforeEach(() => {
    storeToken();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists the orders newest first with 'Pagado' or 'Pendiente', date, total and 'Ver Detalle'", async () => {
    const { calls } = mockPagosApi({
      pedidos: pedidosJson([
        crearPedidoConPagos(),
        crearPedidoConPagos({
          _id: OTRO_PEDIDO_ID,
          fechaCreacion: '2026-11-20T12:00:00.000Z',
          todosLosPagosAprobados: true,
          aprobado: true,
          total: 21245.5,
          pagosPorVendedor: [
            crearPago({ estado: 'aprobado' }),
            crearPago({ tiendaId: TIENDA_B, tiendaNombre: 'Verdulería', estado: 'aprobado' }),
          ],
        }),
      ]),
    });
    renderApp('/my-payments');
    const lista = await screen.findByRole('list', { name: 'Pedidos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Pagos' })).toBeVisible();
    const pedidos = within(lista).getAllByRole('article');
    expect(pedidos).toHaveLength(2);

    const [nuevo, viejo] = pedidos as [HTMLElement, HTMLElement];
    expect(nuevo).toHaveAccessibleName('Pedido #000002');
    expect(within(nuevo).getByText('Pagado')).toBeVisible();
    expect(within(nuevo).getByText('$ 21.245,50')).toBeVisible();
    expect(within(nuevo).getByText('2 de 2 pagos aprobados')).toBeVisible();
    expect(within(nuevo).queryByRole('link', { name: 'Pagar' })).toBeNull();
    expect(within(nuevo).getByRole('link', { name: 'Ver Detalle' })).toHaveAttribute(
      'href',
      `/payment-detail/${OTRO_PEDIDO_ID}`,
    );

    expect(viejo).toHaveAccessibleName('Pedido #000001');
    expect(within(viejo).getByText('Pendiente')).toBeVisible();
    expect(within(viejo).getByText('$ 12.345,50')).toBeVisible();
    const fecha = viejo.querySelector('time');
    expect(fecha).toHaveAttribute('datetime', '2026-11-05T17:30:00.000Z');
    expect(fecha).toHaveTextContent(/^5 .*nov.* 2026, 14:30$/);
    expect(within(viejo).getByRole('link', { name: 'Ver Detalle' })).toHaveAttribute(
      'href',
      `/payment-detail/${PEDIDO_ID}`,
    );
    expect(within(viejo).getByRole('link', { name: 'Pagar' })).toHaveAttribute(
      'href',
      `/multi-payment-checkout?pedidoId=${PEDIDO_ID}`,
    );

    const [llamada] = callsTo(calls, '/api/pedido/obtenerPedidosPorUserId');
    expect(llamada?.method).toBe('POST');
    expect(JSON.parse(String(llamada?.body))).toEqual({ userId: USER_ID });

    // Structure and names (colour contrast needs a real browser).
    const { violations } = await axe.run(screen.getByRole('main'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });

  it("'Ver Detalle' opens the payment detail", async () => {
    mockPagosApi({ pedidos: pedidosJson([crearPedidoConPagos()]) });
    const { user, router } = renderApp('/my-payments');
    await user.click(await screen.findByRole('link', { name: 'Ver Detalle' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/payment-detail/${PEDIDO_ID}`),
    );
  });

  it('404 means no orders: the empty state, not an error', async () => {
    mockPagosApi({ pedidos: json({ error: 'No se encontraron pedidos' }, 404, 'Not Found') });
    renderApp('/my-payments');
    expect(await screen.findByRole('heading', { name: 'Aún no tienes pagos' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar productos' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('No se pudieron cargar los pagos')).toBeNull();
  });

  it('an empty list shows the empty state too', async () => {
    mockPagosApi({ pedidos: pedidosJson([]) });
    renderApp('/my-payments');
    expect(await screen.findByRole('heading', { name: 'Aún no tienes pagos' })).toBeVisible();
  });

  it("a failure says 'No se pudieron cargar los pagos' and offers a retry", async () => {
    let falla = true;
    mockPagosApi({
      pedidos: () => (falla ? json({ error: 'Falló' }, 500) : pedidosJson([crearPedidoConPagos()])),
    });
    const { user } = renderApp('/my-payments');
    await expectToast('No se pudieron cargar los pagos');
    expect(screen.getByRole('heading', { name: 'Error al cargar los pagos' })).toBeVisible();
    falla = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: 'Ver Detalle' })).toBeVisible();
  });

  it('without a token goes to /login', async () => {
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new Event('authChange'));
    const { calls } = mockPagosApi();
    const { router } = renderApp('/my-payments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/my-payments');
    expect(callsTo(calls, '/api/pedido/')).toHaveLength(0);
  });
});
