import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

describe('route table', () => {
  it.each([
    ['/', 'Tiendas cerca tuyo'],
    ['/login', 'Iniciar Sesión'],
    ['/register', 'Crear cuenta'],
    // Ids that cannot exist show the screen's not-found view.
    ['/store/t1', 'Tienda no encontrada'],
    ['/group/g1', 'Detalle del Grupo'],
    ['/product/p1', 'Producto no encontrado'],
    ['/cart', 'Carrito'],
    ['/product-form', 'Cargar Producto'],
    ['/my-store', 'Mi Tienda'],
    ['/mercadopago-callback', 'Vinculando Mercado Pago'],
  ])('%s shows "%s"', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    // The title is set by an effect after the screen commits.
    await waitFor(() => expect(document.title).toBe(`${title} · Compra Grupal`));
  });

  it.each([
    // A visit with no payment to show.
    ['/success', 'Error de Pago', 'Error de Pago'],
    ['/failure', 'Error en el pago', 'Pago fallido'],
    // A visitor is asked to sign in first.
    ['/checkout', 'Inicia sesión para finalizar tu compra', 'Finalizar compra'],
  ])('%s shows "%s"', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · Compra Grupal`));
  });

  it.each([
    '/my-orders',
    '/my-payments',
    '/payment-detail/pe1',
    '/delivery-orders',
    '/multi-payment-checkout?pedidoId=pe1&paymentSuccess=true',
  ])('sends a visitor of %s to /login', async (path) => {
    const { router } = renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends /dashboard to / replacing the history entry', async () => {
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['/no-existe', '/store', '/group/g1/extra', '/dashboard/algo'])(
    'shows the not-found screen for %s',
    async (path) => {
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
      ).toBeInTheDocument();
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    },
  );

  it('goes home from the not-found screen', async () => {
    const { router, user } = renderApp('/no-existe');
    await user.click(await screen.findByRole('link', { name: 'Volver al inicio' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
