import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch';
import {
  callsTo,
  crearEstadoPagos,
  crearPago,
  estadoJson,
  mockPagosApi,
  OTRO_PEDIDO_ID,
  PEDIDO_ID,
  productoPagoId,
  TIENDA_B,
  TIENDA_C,
} from '@/test/pagos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken } from '@/test/tokens';

/** The socket: the test emits the server's events itself. */
const realtime = vi.hoisted(() => ({
  oyentes: new Map<string, Set<(payload: unknown) => void>>(),
  alReconectar: new Set<() => void>(),
}));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: (handler: () => void) => {
    realtime.alReconectar.add(handler);
    return () => realtime.alReconectar.delete(handler);
  },
  subscribeRealtime: (
    _room: { kind: string; id: string } | null,
    event: string,
    listener: (payload: unknown) => void,
  ) => {
    const oyentes = realtime.oyentes.get(event) ?? new Set();
    oyentes.add(listener);
    realtime.oyentes.set(event, oyentes);
    return () => oyentes.delete(listener);
  },
}));

const confetti = vi.hoisted(() => vi.fn(async () => undefined));
const crearConfeti = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: { create: crearConfeti } }));

function emitir(event: string, payload: unknown) {
  act(() => {
    for (const oyente of realtime.oyentes.get(event) ?? []) oyente(payload);
  });
}

const path = `/multi-payment-checkout?pedidoId=${PEDIDO_ID}`;

/** Three sellers: the first approved, the second pending, the third rejected. */
function tresPagos(estadoB: 'pendiente' | 'aprobado' = 'pendiente') {
  return crearEstadoPagos([
    crearPago({ estado: 'aprobado' }),
    crearPago({
      tiendaId: TIENDA_B,
      tiendaNombre: 'Verdulería La Huerta',
      tiendaLogo: '/uploads/huerta.webp',
      monto: 8900,
      envio: 0,
      estado: estadoB,
      productos: [
        {
          productoId: productoPagoId(2),
          nombre: 'Tomate perita 1 kg',
          imagen: null,
          cantidad: 4,
          precio: 2225,
        },
      ],
    }),
    crearPago({
      tiendaId: TIENDA_C,
      tiendaNombre: 'Panadería Sol',
      monto: 3000.1,
      estado: 'rechazado',
    }),
  ]);
}

function tarjeta(nombre: string): HTMLElement {
  return screen.getByRole('article', { name: nombre });
}

async function cargado() {
  return screen.findByRole('article', { name: 'Verdulería La Huerta' });
}

describe('/multi-payment-checkout', () => {
  beforeEach(() => {
    realtime.oyentes.clear();
    realtime.alReconectar.clear();
    storeToken();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    confetti.mockClear();
  });

  it("shows 'Completa tus Pagos': one card per seller, amounts with 2 decimals, states and progress with 1 decimal", async () => {
    mockPagosApi({ estado: { [PEDIDO_ID]: estadoJson(tresPagos()) } });
    renderApp(path);
    await cargado();
    expect(screen.getByRole('heading', { level: 1, name: 'Completa tus Pagos' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(3);

    const aprobada = tarjeta('Almacén Don Pepe');
    expect(within(aprobada).getByText('Aprobado')).toBeVisible();
    expect(within(aprobada).getByTestId('monto-pago')).toHaveTextContent('$ 12.345,50');
    expect(within(aprobada).getByTestId('pago-completado')).toHaveTextContent('Pagado');
    expect(within(aprobada).queryByRole('button')).toBeNull();
    expect(within(aprobada).getByText('Yerba mate 1 kg')).toBeVisible();
    expect(within(aprobada).getByText('2 × $ 5.422,75')).toBeVisible();
    expect(within(aprobada).getByRole('img', { name: 'Logo de Almacén Don Pepe' })).toBeVisible();

    const pendiente = tarjeta('Verdulería La Huerta');
    expect(within(pendiente).getByText('Pendiente')).toBeVisible();
    expect(within(pendiente).getByTestId('monto-pago')).toHaveTextContent('$ 8.900,00');
    expect(within(pendiente).getByRole('button', { name: 'Pagar $\u00a08.900,00' })).toBeEnabled();

    const rechazada = tarjeta('Panadería Sol');
    expect(within(rechazada).getByText('Rechazado')).toBeVisible();
    expect(within(rechazada).getByTestId('monto-pago')).toHaveTextContent('$ 3.000,10');
    expect(within(rechazada).getByRole('button', { name: 'Reintentar pago' })).toBeEnabled();

    expect(screen.getByTestId('porcentaje-pagos')).toHaveTextContent('33,3 %');
    expect(screen.getByRole('progressbar', { name: 'Progreso de pagos' })).toHaveAttribute(
      'aria-valuetext',
      '33,3 %',
    );
    expect(screen.getByText('1 de 3 pagos aprobados')).toBeVisible();

    // Structure and names (colour contrast needs a real browser).
    const { violations } = await axe.run(screen.getByRole('main'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });

  it('pays a seller: asks for its link, stores currentPedidoId, empties the cart and goes to the provider', async () => {
    localStorage.setItem(
      'carrito',
      JSON.stringify([{ productoId: productoPagoId(1), cantidadSolicitada: 1 }]),
    );
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls } = mockPagosApi({ estado: { [PEDIDO_ID]: estadoJson(tresPagos()) } });
    const { user } = renderApp(path);
    await cargado();
    await user.click(screen.getByRole('button', { name: 'Pagar $\u00a08.900,00' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pagos.example/checkout/1'));
    const [link] = callsTo(calls, '/api/pedido/linkPago/');
    expect(link?.url).toMatch(new RegExp(`/api/pedido/linkPago/${PEDIDO_ID}/${TIENDA_B}$`));
    expect(link?.method).toBe('GET');
    expect(link?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(localStorage.getItem('currentPedidoId')).toBe(PEDIDO_ID);
    expect(JSON.parse(localStorage.getItem('carrito') ?? 'null')).toEqual([]);
  });

  it("says 'No se pudo generar el link de pago' when the link fails, and stays", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    mockPagosApi({
      estado: { [PEDIDO_ID]: estadoJson(tresPagos()) },
      link: json({ error: 'El vendedor no puede cobrar' }, 502),
    });
    const { user } = renderApp(path);
    await cargado();
    await user.click(screen.getByRole('button', { name: 'Reintentar pago' }));
    await expectToast('No se pudo generar el link de pago', 'El vendedor no puede cobrar');
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('currentPedidoId')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reintentar pago' })).toBeEnabled();
  });

  it("back with paymentSuccess=true: '¡Pago exitoso!' and confetti, and the parameter leaves the address", async () => {
    mockPagosApi({ estado: { [PEDIDO_ID]: estadoJson(tresPagos()) } });
    const { router } = renderApp(`${path}&paymentSuccess=true`);
    await expectToast('¡Pago exitoso!');
    await waitFor(() => expect(router.state.location.search).toBe(`?pedidoId=${PEDIDO_ID}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(
      within(screen.getByRole('main')).getByText('¡Pago exitoso!', { selector: 'p' }),
    ).toBeVisible();
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(2));
    await cargado();
    // The message stays after the parameter left; the screen still reads this order.
    expect(
      within(screen.getByRole('main')).getByText('¡Pago exitoso!', { selector: 'p' }),
    ).toBeVisible();
  });

  it("back with paymentStatus=pending: 'Tu pago está pendiente de acreditación', no confetti, no success", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([crearPago({ estado: 'pendiente', estadoParte: 'en_acreditacion' })]),
        ),
      },
    });
    const { router } = renderApp(`${path}&paymentSuccess=true&paymentStatus=pending`);
    await expectToast('Tu pago está pendiente de acreditación');
    await waitFor(() => expect(router.state.location.search).toBe(`?pedidoId=${PEDIDO_ID}`));
    const main = within(screen.getByRole('main'));
    expect(
      main.getByText('Tu pago está pendiente de acreditación', { selector: 'p' }),
    ).toBeVisible();
    expect(main.queryByText('¡Pago exitoso!')).toBeNull();
    const pago = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(within(pago).getByText('Pendiente de acreditación')).toBeVisible();
    expect(screen.queryByText('¡Pago exitoso!')).toBeNull();
    expect(confetti).not.toHaveBeenCalled();
  });

  it("each seller's card follows the part's state: being credited has no pay button, rejected offers a retry, refunded says so", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([
            crearPago({ estado: 'pendiente', estadoParte: 'en_acreditacion' }),
            crearPago({
              tiendaId: TIENDA_B,
              tiendaNombre: 'Verdulería La Huerta',
              estado: 'rechazado',
              estadoParte: 'rechazado',
            }),
            crearPago({
              tiendaId: TIENDA_C,
              tiendaNombre: 'Panadería Sol',
              monto: 3000,
              estado: 'reembolsado',
              estadoParte: 'reembolsada',
              reembolsado: 3000,
            }),
          ]),
        ),
      },
    });
    renderApp(path);
    const acreditando = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(within(acreditando).getByText('Pendiente de acreditación')).toBeVisible();
    expect(within(acreditando).queryByText('Rechazado')).toBeNull();
    expect(within(acreditando).queryByRole('button')).toBeNull();
    expect(within(acreditando).getByTestId('pago-en-acreditacion')).toHaveTextContent(
      'No hace falta pagar de nuevo',
    );

    const rechazado = tarjeta('Verdulería La Huerta');
    expect(within(rechazado).getByText('Rechazado')).toBeVisible();
    expect(within(rechazado).getByRole('button', { name: 'Reintentar pago' })).toBeEnabled();

    const reembolsado = tarjeta('Panadería Sol');
    expect(
      within(reembolsado).getByText('Reembolsado', { selector: '[data-estado]' }),
    ).toBeVisible();
    expect(within(reembolsado).getByText('Reembolsado $ 3.000,00')).toBeVisible();
    expect(within(reembolsado).queryByRole('button')).toBeNull();
    expect(
      screen.getByText('Tu pedido #000001 se paga por separado a cada vendedor.'),
    ).toBeVisible();
  });

  it('an expired order reads expired, with its refund, and offers no payment nor cancel (issue 32)', async () => {
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
                estado: 'rechazado',
                estadoParte: 'vencido',
              }),
              crearPago({
                tiendaId: TIENDA_C,
                tiendaNombre: 'Panadería Sol',
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
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido vencido' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Completa tus Pagos' })).toBeNull();
    const aviso = screen.getByRole('region', { name: 'Pedido vencido' });
    expect(within(aviso).getByTestId('reembolso-vencido')).toHaveTextContent(
      'Te devolvemos $ 5.680,00: todo lo que pagaste',
    );
    expect(within(tarjeta('Almacén Don Pepe')).getByText('Reembolsado $ 5.680,00')).toBeVisible();
    for (const nombre of ['Verdulería La Huerta', 'Panadería Sol']) {
      const vencida = tarjeta(nombre);
      expect(within(vencida).getByText('Vencido', { selector: '[data-estado]' })).toBeVisible();
      expect(within(vencida).queryByText('Pendiente de acreditación')).toBeNull();
      expect(within(vencida).queryByRole('button')).toBeNull();
    }
    expect(screen.queryByRole('button', { name: /Pagar|Reintentar pago/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
    expect(screen.queryByText('Restante')).toBeNull();
    expect(screen.queryByText('Progreso de pagos')).toBeNull();
  });

  it("offers 'Cancelar pedido' only when the API allows it", async () => {
    mockPagosApi({
      estado: {
        [PEDIDO_ID]: estadoJson(
          crearEstadoPagos([crearPago()], { acciones: { pagar: true, cancelar: false } }),
        ),
      },
    });
    renderApp(path);
    const pago = await screen.findByRole('article', { name: 'Almacén Don Pepe' });
    expect(within(pago).getByRole('button', { name: /^Pagar / })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  it('reads again when pagoAprobado lands for this order, and reaches 100 %', async () => {
    let aprobado = false;
    const { calls } = mockPagosApi({
      estado: { [PEDIDO_ID]: () => estadoJson(aprobado ? tresPagosCompletos() : tresPagos()) },
    });
    localStorage.setItem('currentPedidoId', PEDIDO_ID);
    renderApp(path);
    await cargado();
    const lecturas = () => callsTo(calls, '/api/pedido/estadoPagos/').length;
    const antes = lecturas();

    aprobado = true;
    emitir('pagoAprobado', { pedidoId: OTRO_PEDIDO_ID, tiendaId: TIENDA_B });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lecturas()).toBe(antes);

    emitir('pagoAprobado', { pedidoId: PEDIDO_ID, tiendaId: TIENDA_B });
    await waitFor(() =>
      expect(screen.getByTestId('porcentaje-pagos')).toHaveTextContent('100,0 %'),
    );
    expect(lecturas()).toBe(antes + 1);
    expect(within(tarjeta('Verdulería La Huerta')).getByTestId('pago-completado')).toBeVisible();
    expect(screen.getByText('Todos los pagos están completos')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver mis pedidos' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    // A finished order no longer waits for a return from the provider.
    await waitFor(() => expect(localStorage.getItem('currentPedidoId')).toBeNull());
  });

  it('reads again after a reconnection', async () => {
    const { calls } = mockPagosApi({ estado: { [PEDIDO_ID]: () => estadoJson(tresPagos()) } });
    renderApp(path);
    await cargado();
    const antes = callsTo(calls, '/api/pedido/estadoPagos/').length;
    act(() => {
      for (const handler of realtime.alReconectar) handler();
    });
    await waitFor(() =>
      expect(callsTo(calls, '/api/pedido/estadoPagos/').length).toBeGreaterThan(antes),
    );
  });

  it('polls every few seconds while a payment is pending, and stops at 100 %', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let aprobado = false;
    const { calls } = mockPagosApi({
      estado: { [PEDIDO_ID]: () => estadoJson(aprobado ? tresPagosCompletos() : tresPagos()) },
    });
    renderApp(path);
    await cargado();
    const lecturas = () => callsTo(calls, '/api/pedido/estadoPagos/').length;
    expect(lecturas()).toBe(1);
    aprobado = true;
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() =>
      expect(screen.getByTestId('porcentaje-pagos')).toHaveTextContent('100,0 %'),
    );
    expect(lecturas()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(15000));
    expect(lecturas()).toBe(2);
  });

  it("without pedidoId: 'No se encontró el ID del pedido'", async () => {
    const { calls } = mockPagosApi();
    renderApp('/multi-payment-checkout');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No se encontró el ID del pedido' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir a Mis Pagos' })).toHaveAttribute(
      'href',
      '/my-payments',
    );
    expect(callsTo(calls, '/api/pedido/estadoPagos/')).toHaveLength(0);
  });

  it("an order that cannot be read: 'No se pudo cargar la información del pedido' with the server's error, then Mis Pagos", async () => {
    mockPagosApi({
      estado: { [PEDIDO_ID]: json({ error: 'No tienes acceso a este pedido' }, 403, 'Forbidden') },
    });
    const { router } = renderApp(path);
    await expectToast(
      'No se pudo cargar la información del pedido',
      'No tienes acceso a este pedido',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-payments'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('an answer with an error field is a failure too', async () => {
    mockPagosApi({ estado: { [PEDIDO_ID]: json({ error: 'Pedido sin pagos' }) } });
    const { router } = renderApp(path);
    await expectToast('No se pudo cargar la información del pedido', 'Pedido sin pagos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-payments'));
  });

  it('without a token goes to /login and comes back afterwards', async () => {
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new Event('authChange'));
    const { calls } = mockPagosApi();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe(path);
    expect(callsTo(calls, '/api/pedido/')).toHaveLength(0);
  });
});

function tresPagosCompletos() {
  return crearEstadoPagos([
    crearPago({ estado: 'aprobado' }),
    crearPago({
      tiendaId: TIENDA_B,
      tiendaNombre: 'Verdulería La Huerta',
      monto: 8900,
      estado: 'aprobado',
    }),
    crearPago({
      tiendaId: TIENDA_C,
      tiendaNombre: 'Panadería Sol',
      monto: 3000.1,
      estado: 'aprobado',
    }),
  ]);
}
