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
          estado: 'en_proceso',
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
    expect(screen.getByTestId('resumen-pagos')).toHaveTextContent('2 pedidos · 1 por pagar');
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

  it('shows what was refunded: a whole refund and a partial one, counted in the summary', async () => {
    const reembolsado = 'f300000000000000aa67bd0d';
    mockPagosApi({
      pedidos: pedidosJson([
        crearPedidoConPagos({
          _id: reembolsado,
          fechaCreacion: '2026-11-20T12:00:00.000Z',
          aprobado: true,
          estado: 'reembolsado',
          total: 10845.5,
          reembolsado: 10845.5,
          pagosPorVendedor: [
            crearPago({ estado: 'reembolsado', monto: 10845.5, reembolsado: 10845.5 }),
          ],
        }),
        crearPedidoConPagos({
          _id: OTRO_PEDIDO_ID,
          fechaCreacion: '2026-11-10T12:00:00.000Z',
          aprobado: true,
          todosLosPagosAprobados: true,
          estado: 'en_proceso',
          total: 21245.5,
          reembolsado: 1500,
          pagosPorVendedor: [crearPago({ estado: 'aprobado', reembolsado: 1500 })],
        }),
        crearPedidoConPagos(),
      ]),
    });
    renderApp('/my-payments');
    const lista = await screen.findByRole('list', { name: 'Pedidos' });
    expect(screen.getByTestId('resumen-pagos')).toHaveTextContent(
      '3 pedidos · 1 por pagar · 2 con reembolso',
    );
    const [total, parcial, pendiente] = within(lista).getAllByRole('article') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // One order number format: '#' and the id's last six characters, upper-cased.
    expect(total).toHaveAccessibleName('Pedido #67BD0D');
    expect(within(total).getByText('Reembolsado', { selector: '[data-estado]' })).toBeVisible();
    expect(within(total).getByText('Reembolsado $ 10.845,50')).toBeVisible();
    expect(within(total).queryByRole('link', { name: 'Pagar' })).toBeNull();

    expect(parcial).toHaveAccessibleName('Pedido #000002');
    expect(within(parcial).getByText('Pagado')).toBeVisible();
    expect(within(parcial).getByText('Reembolso parcial $ 1.500,00')).toBeVisible();

    expect(within(pendiente).getByText('Pendiente')).toBeVisible();
    expect(within(pendiente).queryByTestId('reembolso-pedido')).toBeNull();
    expect(within(pendiente).getByRole('link', { name: 'Pagar' })).toBeVisible();
  });

  it("an order whose payment is being credited offers no 'Pagar'", async () => {
    mockPagosApi({
      pedidos: pedidosJson([
        crearPedidoConPagos({
          pagosPorVendedor: [crearPago({ estado: 'pendiente', estadoParte: 'en_acreditacion' })],
        }),
      ]),
    });
    renderApp('/my-payments');
    const pedido = await screen.findByRole('article', { name: 'Pedido #000001' });
    expect(within(pedido).getByText('Pendiente')).toBeVisible();
    expect(within(pedido).queryByRole('link', { name: 'Pagar' })).toBeNull();
    expect(within(pedido).getByRole('link', { name: 'Ver Detalle' })).toBeVisible();
  });

  it("an expired order reads 'Vencido' with its refund, is not counted to pay and offers no 'Pagar' (issue 32)", async () => {
    mockPagosApi({
      pedidos: pedidosJson([
        crearPedidoConPagos({
          estado: 'vencido',
          total: 9680,
          reembolsado: 5680,
          pagosPorVendedor: [
            crearPago({
              monto: 5680,
              estado: 'reembolsado',
              estadoParte: 'reembolsada',
              reembolsado: 5680,
            }),
            crearPago({ tiendaId: TIENDA_B, monto: 4000, estadoParte: 'vencido' }),
          ],
        }),
      ]),
    });
    renderApp('/my-payments');
    const pedido = await screen.findByRole('article', { name: 'Pedido #000001' });
    expect(within(pedido).getByText('Vencido', { selector: '[data-estado]' })).toBeVisible();
    expect(within(pedido).queryByText('Pendiente')).toBeNull();
    expect(within(pedido).getByTestId('reembolso-pedido')).toHaveTextContent(
      'Reembolsado $ 5.680,00',
    );
    expect(within(pedido).queryByRole('link', { name: 'Pagar' })).toBeNull();
    expect(screen.getByTestId('resumen-pagos')).toHaveTextContent('1 pedido · 1 con reembolso');
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
