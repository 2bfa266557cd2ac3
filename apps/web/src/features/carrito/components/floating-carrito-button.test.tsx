import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { agregarAlCarrito } from '../stores/carrito-store';

const carrito = [
  { productoId: 'p1', cantidadSolicitada: 2 },
  { productoId: 'p2', cantidadSolicitada: 3 },
];

function cartButton() {
  return screen.queryByRole('link', { name: /^Ver carrito/ });
}

async function shellReady() {
  await screen.findByRole('heading', { level: 1 });
}

describe('floating cart button', () => {
  beforeEach(() => {
    // An undecodable token keeps the shell logged in without calling the API.
    localStorage.setItem('accessToken', 'token');
  });

  it('shows the total item count and goes to /cart', async () => {
    localStorage.setItem('carrito', JSON.stringify(carrito));
    const { user, router } = renderApp('/');
    await shellReady();
    const button = cartButton();
    expect(button).toHaveAccessibleName('Ver carrito 5 productos');
    expect(button).toHaveAttribute('href', '/cart');
    expect(button).toHaveTextContent('5');
    if (!button) throw new Error('no button');
    await user.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    await waitFor(() => expect(cartButton()).toBeNull());
  });

  it('is hidden while logged out, even with a cart', async () => {
    localStorage.removeItem('accessToken');
    localStorage.setItem('carrito', JSON.stringify(carrito));
    renderApp('/');
    await shellReady();
    expect(cartButton()).toBeNull();
  });

  it('is hidden with an empty cart', async () => {
    localStorage.setItem('carrito', '[]');
    renderApp('/');
    await shellReady();
    expect(cartButton()).toBeNull();
  });

  it.each(['/cart', '/checkout'])('is hidden on %s', async (path) => {
    localStorage.setItem('carrito', JSON.stringify(carrito));
    renderApp(path);
    await shellReady();
    expect(cartButton()).toBeNull();
  });

  it('follows cart changes in this tab and in others, and the session', async () => {
    renderApp('/my-orders');
    await shellReady();
    expect(cartButton()).toBeNull();

    act(() => agregarAlCarrito('p1'));
    expect(cartButton()).toHaveAccessibleName('Ver carrito 1 producto');

    act(() => {
      localStorage.setItem('carrito', JSON.stringify(carrito));
      window.dispatchEvent(new StorageEvent('storage', { key: 'carrito' }));
    });
    expect(cartButton()).toHaveAccessibleName('Ver carrito 5 productos');

    act(() => {
      localStorage.removeItem('accessToken');
      window.dispatchEvent(new Event('logout'));
    });
    expect(cartButton()).toBeNull();
  });
});
