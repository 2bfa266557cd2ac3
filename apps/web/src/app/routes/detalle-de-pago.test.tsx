import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch';
import {
  callsTo,
  crearEstadoPagos,
  crearPago,
  estadoJson,
  mockPagosApi,
  PEDIDO_ID,
  productoPagoId,
  TIENDA_B,
} from '@/test/pagos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken } from '@/test/tokens';

vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: () => () => undefined,
}));

const path = `/payment-detail/${PEDIDO_ID}`;

function productos(cantidad: number) {
  return Array.from({ length: cantidad }, (_, index) => ({
    productoId: productoPagoId(index + 1),
    nombre: `Producto ${index + 1}`,
    imagen: `/uploads/p${index + 1}.webp`,
    cantidad: 1,
    precio: 1000,
  }));
}

describe('/payment-detail/{pedidoId}', () => {
  beforeEach(() => {
    storeToken();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows each seller's payment with logo, name, amount, state and up to 4 thumbnails with '+N'", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([
            crearPago({ estado: 'aprobado', productos: productos(6) }),
            crearPago({
              tiendaId: TIENDA_B,
              tiendaNombre: 'Verdulería La Huerta',
              monto: 8900,
              productos: productos(2),
            }),
          ]),
        ),
      },
    });
    renderApp(path);
    const pago = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(screen.getByRole('heading', { level: 1, name: 'Detalle del pago' })).toBeVisible();
    expect(within(pago).getByRole('img', { name: 'Logo de Almacén Don Pepe' })).toBeVisible();
    expect(within(pago).getByText('Aprobado')).toBeVisible();
    expect(within(pago).getByText('$ 12.345,50')).toBeVisible();
    const miniaturas = within(pago).getByRole('list', { name: 'Productos de Almacén Don Pepe' });
    expect(within(miniaturas).getAllByRole('img')).toHaveLength(4);
    expect(within(miniaturas).getByText('+2')).toBeVisible();
    expect(within(miniaturas).getByText('2 productos más')).toBeInTheDocument();

    const otro = screen.getByRole('article', { name: 'Verdulería La Huerta' });
    expect(within(otro).getByText('Pendiente')).toBeVisible();
    expect(within(otro).getByText('$ 8.900,00')).toBeVisible();
    expect(within(otro).getAllByRole('img', { name: /^Producto/ })).toHaveLength(2);
    expect(within(otro).queryByText(/^\+/)).toBeNull();

    expect(screen.getByTestId('porcentaje-pagos')).toHaveTextContent('50,0 %');
    expect(screen.getByRole('link', { name: 'Volver a Mis Pagos' })).toHaveAttribute(
      'href',
      '/my-payments',
    );
    expect(screen.getByRole('link', { name: 'Completar pagos' })).toHaveAttribute(
      'href',
      `/multi-payment-checkout?pedidoId=${PEDIDO_ID}`,
    );

    // Structure and names (colour contrast needs a real browser).
    const { violations } = await axe.run(screen.getByRole('main'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });

  it("shows each seller's refund: 'Reembolsado $ X' whole, 'Reembolsado $ X de $ Y' in part", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([
            crearPago({
              estado: 'reembolsado',
              estadoParte: 'reembolsada',
              monto: 4500,
              reembolsado: 4500,
            }),
            crearPago({
              tiendaId: TIENDA_B,
              tiendaNombre: 'Verdulería La Huerta',
              estado: 'aprobado',
              estadoParte: 'lista',
              monto: 8900,
              reembolsado: 2225,
            }),
          ]),
        ),
      },
    });
    renderApp(path);
    const total = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(screen.getByText('Pedido #000001')).toBeVisible();
    expect(within(total).getByText('Reembolsado', { selector: '[data-estado]' })).toBeVisible();
    expect(within(total).getByTestId('reembolso-pago')).toHaveTextContent(
      /^Reembolsado \$\s4\.500,00$/,
    );
    const parcial = screen.getByRole('article', { name: 'Verdulería La Huerta' });
    expect(within(parcial).getByText('Aprobado')).toBeVisible();
    expect(within(parcial).getByText('Reembolsado $ 2.225,00 de $ 8.900,00')).toBeVisible();
    // Nothing is left to pay.
    expect(screen.queryByRole('link', { name: 'Completar pagos' })).toBeNull();
  });

  it("a payment being credited reads 'Pendiente de acreditación' and is not offered to pay again", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([crearPago({ estado: 'pendiente', estadoParte: 'en_acreditacion' })]),
        ),
      },
    });
    renderApp(path);
    const pago = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(within(pago).getByText('Pendiente de acreditación')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Completar pagos' })).toBeNull();
  });

  it('an expired order reads expired with its refund, and offers no way to pay (issue 32)', async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos(
            [
              crearPago({
                monto: 5680,
                estado: 'reembolsado',
                estadoParte: 'reembolsada',
                reembolsado: 5680,
              }),
              crearPago({
                tiendaId: TIENDA_B,
                tiendaNombre: 'Verdulería La Huerta',
                estado: 'pendiente',
                estadoParte: 'vencido',
              }),
            ],
            { estado: 'vencido', reembolsado: 5680, reembolsoTotal: true },
          ),
        ),
      },
    });
    renderApp(path);
    const vencida = await screen.findByRole('article', { name: 'Verdulería La Huerta' });
    expect(within(vencida).getByText('Vencido')).toBeVisible();
    const aviso = screen.getByRole('region', { name: 'Pedido vencido' });
    expect(aviso).toHaveTextContent('Te devolvemos $ 5.680,00');
    expect(screen.queryByText('Progreso de pagos')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Completar pagos' })).toBeNull();
  });

  it("an order that cannot be read: 'No se pudo cargar la información del pedido', then Mis Pagos", async () => {
    mockPagosApi({
      estado: { [PEDIDO_ID]: json({ error: 'Pedido no encontrado' }, 404, 'Not Found') },
    });
    const { router } = renderApp(path);
    await expectToast('No se pudo cargar la información del pedido', 'Pedido no encontrado');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-payments'));
  });

  it('without a token goes to /login', async () => {
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new Event('authChange'));
    const { calls } = mockPagosApi();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe(path);
    expect(callsTo(calls, '/api/pedido/')).toHaveLength(0);
  });
});
