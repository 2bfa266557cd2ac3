import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conSoporte, mockUsuarioApi } from '@/test/fetch';
import { crearEstadoPagos, crearPago, estadoJson, mockPagosApi } from '@/test/pagos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken } from '@/test/tokens';

const confetti = vi.hoisted(() => vi.fn(async () => undefined));
const crearConfeti = vi.hoisted(() => vi.fn(() => confetti));
vi.mock('canvas-confetti', () => ({ default: { create: crearConfeti } }));

const PEDIDO_ID = 'f20000000000000000000001';

afterEach(() => {
  vi.useRealTimers();
  confetti.mockClear();
});

describe('/success', () => {
  it('goes on to pay the pending order', async () => {
    localStorage.setItem('currentPedidoId', PEDIDO_ID);
    mockUsuarioApi();
    const { router } = renderApp('/success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/multi-payment-checkout'));
    expect(router.state.location.search).toBe(`?pedidoId=${PEDIDO_ID}&paymentSuccess=true`);
  });

  it('a payment the provider left pending goes on with paymentStatus=pending', async () => {
    localStorage.setItem('currentPedidoId', PEDIDO_ID);
    mockUsuarioApi();
    const { router } = renderApp(
      `/success?pedidoId=${PEDIDO_ID}&payment_id=77&status=pending&collection_status=pending`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/multi-payment-checkout'));
    expect(router.state.location.search).toBe(
      `?pedidoId=${PEDIDO_ID}&paymentSuccess=true&paymentStatus=pending`,
    );
  });

  it.each([
    ['status', 'status=pending'],
    ['collection_status', 'collection_status=pending'],
  ])(
    "without an order, a pending payment (%s) says 'Tu pago está pendiente de acreditación', no confetti",
    async (_nombre, query) => {
      mockUsuarioApi();
      renderApp(`/success?payment_id=123&${query}`);
      expect(
        await screen.findByRole('heading', { name: 'Tu pago está pendiente de acreditación' }),
      ).toBeVisible();
      expect(screen.queryByText('Felicidades por tu compra')).toBeNull();
      expect(screen.queryByText('Aprobado')).toBeNull();
      expect(screen.getByText('Pendiente')).toBeVisible();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(confetti).not.toHaveBeenCalled();
    },
  );

  it("without an order, empties the cart and celebrates a payment with 'Felicidades por tu compra'", async () => {
    localStorage.setItem('carrito', JSON.stringify([{ productoId: 'b1', cantidadSolicitada: 1 }]));
    mockUsuarioApi();
    renderApp('/success?payment_id=123');
    expect(await screen.findByRole('heading', { name: 'Felicidades por tu compra' })).toBeVisible();
    expect(screen.getByText('Aprobado')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver mis pedidos' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(JSON.parse(localStorage.getItem('carrito') ?? 'null')).toEqual([]);
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(2));
    expect(confetti.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      expect.objectContaining({ particleCount: 100 }),
      expect.objectContaining({ particleCount: 50 }),
    ]);
    // Drawn on the main thread: the CSP refuses the blob: worker canvas-confetti makes by default.
    expect(crearConfeti).toHaveBeenCalledWith(
      undefined,
      expect.objectContaining({ useWorker: false }),
    );
  });

  it('gives the configured support phone, and none when none is configured', async () => {
    mockUsuarioApi();
    conSoporte({ telefono: '+54 11 4321-5678' });
    const { unmount } = renderApp('/success?payment_id=123');
    expect(await screen.findByRole('link', { name: '+54 11 4321-5678' })).toHaveAttribute(
      'href',
      'tel:+541143215678',
    );
    expect(screen.getByText(/¿Dudas con tu compra\? Llámanos al/)).toBeVisible();
    unmount();

    mockUsuarioApi();
    const { queryClient } = renderApp('/success?payment_id=123');
    await screen.findByRole('heading', { name: 'Felicidades por tu compra' });
    // The server answered: nothing configured.
    await waitFor(() =>
      expect(queryClient.getQueryData(['soporte'])).toEqual({ telefono: null, email: null }),
    );
    expect(screen.queryByText(/¿Dudas con tu compra\?/)).toBeNull();
    expect(screen.queryByRole('link', { name: /^tel:|\+54/ })).toBeNull();
  });

  it("shows 'Error de Pago' without token or payment_id", async () => {
    mockUsuarioApi();
    renderApp('/success');
    expect(await screen.findByRole('heading', { name: 'Error de Pago' })).toBeVisible();
    expect(confetti).not.toHaveBeenCalled();
  });
});

describe('/failure', () => {
  it("with a pending order says 'Pago cancelado' and goes back to it after 1.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem('currentPedidoId', PEDIDO_ID);
    // A signed-in shopper: 'Completa tus Pagos' sends a visitor to /login.
    storeToken();
    mockPagosApi({ estado: { [PEDIDO_ID]: estadoJson(crearEstadoPagos([crearPago()])) } });
    const { router } = renderApp('/failure');
    await expectToast('Pago cancelado');
    expect(router.state.location.pathname).toBe('/failure');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/multi-payment-checkout'));
    expect(router.state.location.search).toBe(`?pedidoId=${PEDIDO_ID}`);
  });

  it("without an order says 'Error en el pago' and lists causes and advice", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockUsuarioApi();
    const { router } = renderApp('/failure');
    await expectToast('Error en el pago');
    expect(screen.getByText('Fondos insuficientes en la tarjeta o la cuenta')).toBeVisible();
    expect(screen.getByText('No se realizó ningún cargo a tu cuenta.')).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(router.state.location.pathname).toBe('/failure');
  });
});
