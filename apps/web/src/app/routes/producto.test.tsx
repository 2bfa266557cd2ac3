import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crearProducto, crearTienda, mockMarketplaceApi } from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const yerba = crearProducto({
  nombre: 'Yerba mate 1 kg',
  descripcion: 'Yerba mate con palo, molienda tradicional.',
  precio: 4890,
  stock: 120,
  cantidadTotalGrupo: 10,
});
const tienda = crearTienda({ productos: [yerba] });
const path = `/product/${yerba._id}`;

async function productoCargado() {
  return screen.findByRole('heading', { level: 1, name: 'Yerba mate 1 kg' });
}

function carrito(): unknown {
  return JSON.parse(localStorage.getItem('carrito') ?? 'null');
}

describe('product page', () => {
  it('shows the product: picture, name, description, price, group, stock and total', async () => {
    mockMarketplaceApi({ productos: [yerba], tiendas: [tienda] });
    renderApp(path);
    await productoCargado();
    const main = screen.getByRole('main');
    expect(within(main).getByText('Yerba mate con palo, molienda tradicional.')).toBeVisible();
    expect(within(main).getAllByText('$ 4.890,00')[0]).toBeVisible();
    expect(main.querySelector('[data-slot="grupo"]')).toHaveTextContent(
      'Compra Grupal: Se necesitan 10 lugares para completar el grupo',
    );
    expect(within(main).getByText('Stock disponible: 120 unidades')).toBeVisible();
    expect(main.querySelector('[data-slot="total"]')).toHaveTextContent('$ 4.890,00');
    expect(within(main).getByRole('img', { name: 'Yerba mate 1 kg' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Yerba mate 1 kg · Compra Grupal'));
    // The store it belongs to, linking to its page.
    expect(await within(main).findByRole('link', { name: 'Almacén Don Ramón' })).toHaveAttribute(
      'href',
      `/store/${tienda._id}`,
    );
  });

  it('shows a placeholder when the picture fails to load', async () => {
    mockMarketplaceApi({ productos: [{ ...yerba, imagen: '/uploads/no-existe.jpg' }] });
    renderApp(path);
    await productoCargado();
    const img = screen.getByRole('img', { name: 'Yerba mate 1 kg' });
    expect(img.tagName).toBe('IMG');
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    const respaldo = screen.getByRole('img', { name: 'Yerba mate 1 kg' });
    expect(respaldo.tagName).not.toBe('IMG');
    expect(respaldo).toHaveAttribute('data-slot', 'imagen-respaldo');
  });

  it('changes the quantity with the stepper, never below 1, and updates the total', async () => {
    mockMarketplaceApi({ productos: [yerba] });
    const { user } = renderApp(path);
    await productoCargado();
    const menos = screen.getByRole('button', { name: 'Disminuir cantidad' });
    const mas = screen.getByRole('button', { name: 'Aumentar cantidad' });
    const cantidad = screen.getByRole('spinbutton', { name: 'Cantidad' });
    const total = () => document.querySelector('[data-slot="total"]');

    expect(cantidad).toHaveValue(1);
    expect(menos).toBeDisabled();
    await user.click(mas);
    await user.click(mas);
    expect(cantidad).toHaveValue(3);
    expect(total()).toHaveTextContent('$ 14.670,00');
    await user.click(menos);
    await user.click(menos);
    expect(cantidad).toHaveValue(1);
    expect(menos).toBeDisabled();

    // Typed quantities: no maximum, and nothing below 1.
    await user.clear(cantidad);
    await user.type(cantidad, '25');
    expect(total()).toHaveTextContent('$ 122.250,00');
    await user.clear(cantidad);
    await user.type(cantidad, '0');
    await user.tab();
    expect(cantidad).toHaveValue(1);
    expect(total()).toHaveTextContent('$ 4.890,00');
  });

  it("without a token, 'Agregar al Carrito' goes to /login with 'Inicia sesión' and remembers this page", async () => {
    mockMarketplaceApi({ productos: [yerba] });
    const { user, router } = renderApp(path);
    await productoCargado();
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));

    await expectToast('Inicia sesión', 'Debes iniciar sesión para agregar productos al carrito');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('redirectAfterAuth')).toBe(path);
    expect(localStorage.getItem('carrito')).toBeNull();
  });

  it("with a token, 'Agregar al Carrito' adds the quantity to the cart: 'Producto agregado'", async () => {
    storeToken(makeToken());
    mockMarketplaceApi({ productos: [yerba] });
    const { user, router } = renderApp(path);
    await productoCargado();
    await user.click(screen.getByRole('button', { name: 'Aumentar cantidad' }));
    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));

    await expectToast('Producto agregado');
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 2 }]);
    expect(router.state.location.pathname).toBe(path);
    // The floating button follows the cart.
    expect(screen.getByRole('link', { name: 'Ver carrito 2 productos' })).toBeVisible();

    // Adding again raises the line's quantity.
    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 3 }]);
  });

  it('bounds the quantity by the stock left after what the cart holds, and says so', async () => {
    storeToken(makeToken());
    localStorage.setItem(
      'carrito',
      JSON.stringify([{ productoId: yerba._id, cantidadSolicitada: 1 }]),
    );
    mockMarketplaceApi({ productos: [{ ...yerba, stock: 3 }] });
    const { user } = renderApp(path);
    await productoCargado();
    const aumentar = screen.getByRole('button', { name: 'Aumentar cantidad' });
    await user.click(aumentar);
    expect(screen.getByRole('spinbutton', { name: 'Cantidad' })).toHaveValue(2);
    expect(aumentar).toBeDisabled();
    expect(screen.getByText('Máximo disponible: 2 unidades')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Agregar al Carrito' }));
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 3 }]);
    expect(screen.getByText('Ya tienes en tu carrito todo el stock disponible')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agregar al Carrito' })).toBeDisabled();
  });

  it("disables 'Agregar al Carrito' for a product out of stock", async () => {
    const agotada = { ...yerba, stock: 0 };
    mockMarketplaceApi({ productos: [agotada] });
    renderApp(path);
    await productoCargado();
    expect(screen.getByText('Sin stock')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agregar al Carrito' })).toBeDisabled();
  });

  it("disables 'Agregar al Carrito' for a product marked not available", async () => {
    mockMarketplaceApi({ productos: [{ ...yerba, disponible: false }] });
    renderApp(path);
    await productoCargado();
    expect(screen.getByText('No disponible')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agregar al Carrito' })).toBeDisabled();
  });

  it("'Compartir' copies the product link: 'Enlace copiado'", async () => {
    mockMarketplaceApi({ productos: [yerba] });
    const { user } = renderApp(path);
    await productoCargado();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    await expectToast('Enlace copiado');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${path}`);
  });

  it("says 'No se pudo copiar el enlace' when copying fails", async () => {
    mockMarketplaceApi({ productos: [yerba] });
    const { user } = renderApp(path);
    await productoCargado();
    const writeText = vi.fn().mockRejectedValue(new Error('denegado'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: 'Compartir' }));
    await expectToast('No se pudo copiar el enlace');
  });

  it("shows 'Producto no encontrado' with a link home for an unknown product", async () => {
    mockMarketplaceApi();
    renderApp('/product/b99999999999999999999999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Producto no encontrado' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Producto no encontrado · Compra Grupal'));
  });

  it("shows 'Producto no encontrado' for an id that cannot exist, without calling the API", async () => {
    const { calls } = mockMarketplaceApi();
    renderApp('/product/no-es-un-id');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Producto no encontrado' }),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.includes('/api/producto/'))).toHaveLength(0);
  });

  it("says 'No se pudieron cargar los detalles del producto' when the load fails", async () => {
    mockMarketplaceApi({ productoStatus: 500 });
    renderApp(path);
    // Server failures are retried once before giving up.
    expect(
      await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 5000 }),
    ).toBeVisible();
    await expectToast('No se pudieron cargar los detalles del producto');
  }, 10_000);
});
