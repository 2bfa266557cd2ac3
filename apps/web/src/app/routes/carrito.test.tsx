import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  crearProducto,
  crearTienda,
  mockMarketplaceApi,
  OTRA_TIENDA_ID,
  productoId,
} from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const yerba = crearProducto({ nombre: 'Yerba mate 1 kg', precio: 4890 });
const fideos = crearProducto({ nombre: 'Fideos spaghetti 500 g', precio: 1350 });
const naranjas = crearProducto({
  nombre: 'Cajón de naranjas 10 kg',
  precio: 12500,
  tiendaId: OTRA_TIENDA_ID,
});
const almacen = crearTienda({ productos: [yerba, fideos] });
const huerta = crearTienda({ _id: OTRA_TIENDA_ID, nombre: 'La Huerta de Villa Crespo' });

function sembrarCarrito(lineas: [string, number][]) {
  localStorage.setItem(
    'carrito',
    JSON.stringify(
      lineas.map(([id, cantidad]) => ({ productoId: id, cantidadSolicitada: cantidad })),
    ),
  );
}

function carrito(): unknown {
  return JSON.parse(localStorage.getItem('carrito') ?? 'null');
}

function linea(nombre: string) {
  const item = screen
    .getAllByRole('listitem')
    .find(
      (li) => li.getAttribute('data-slot') === 'carrito-linea' && li.textContent?.includes(nombre),
    );
  if (!item) throw new Error(`no line for ${nombre}`);
  return item;
}

function total() {
  return document.querySelector('[data-slot="total"]');
}

async function carritoCargado(nombre = 'Yerba mate 1 kg') {
  await screen.findByRole('link', { name: nombre });
}

describe('cart screen', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('lists each line with its product, unit price, quantity and subtotal, and the total', async () => {
    sembrarCarrito([
      [yerba._id, 2],
      [fideos._id, 3],
    ]);
    mockMarketplaceApi({ productos: [yerba, fideos] });
    renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
    await carritoCargado();
    await screen.findByRole('link', { name: 'Fideos spaghetti 500 g' });

    expect(screen.getByText('5 productos en tu carrito')).toBeVisible();
    expect(linea('Yerba mate 1 kg')).toHaveTextContent('$ 4.890,00 c/u');
    expect(within(linea('Yerba mate 1 kg')).getByRole('spinbutton')).toHaveValue(2);
    expect(linea('Yerba mate 1 kg').querySelector('[data-slot="subtotal"]')).toHaveTextContent(
      '$ 9.780,00',
    );
    expect(
      linea('Fideos spaghetti 500 g').querySelector('[data-slot="subtotal"]'),
    ).toHaveTextContent('$ 4.050,00');
    expect(total()).toHaveTextContent('$ 13.830,00');
    expect(screen.getByRole('link', { name: 'Proceder al checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
    await waitFor(() => expect(document.title).toBe('Carrito · Compra Grupal'));
  });

  it('changes a quantity, never below 1, and keeps the totals current', async () => {
    sembrarCarrito([[yerba._id, 1]]);
    mockMarketplaceApi({ productos: [yerba] });
    const { user } = renderApp('/cart');
    await carritoCargado();
    const fila = linea('Yerba mate 1 kg');
    const menos = within(fila).getByRole('button', { name: 'Disminuir cantidad' });
    const mas = within(fila).getByRole('button', { name: 'Aumentar cantidad' });

    expect(menos).toBeDisabled();
    await user.click(mas);
    await user.click(mas);
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 3 }]);
    expect(within(fila).getByRole('spinbutton')).toHaveValue(3);
    expect(total()).toHaveTextContent('$ 14.670,00');

    await user.click(menos);
    await user.click(menos);
    expect(menos).toBeDisabled();
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 1 }]);
    expect(total()).toHaveTextContent('$ 4.890,00');

    // Typing 0 does not remove the line nor go below 1.
    const campo = within(fila).getByRole('spinbutton');
    await user.clear(campo);
    await user.type(campo, '0');
    await user.tab();
    expect(campo).toHaveValue(1);
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 1 }]);
  });

  it("removes a line with 'Producto eliminado', then shows the empty cart", async () => {
    sembrarCarrito([
      [yerba._id, 2],
      [fideos._id, 1],
    ]);
    mockMarketplaceApi({ productos: [yerba, fideos] });
    const { user } = renderApp('/cart');
    await carritoCargado();
    await screen.findByRole('link', { name: 'Fideos spaghetti 500 g' });

    await user.click(screen.getByRole('button', { name: 'Eliminar Yerba mate 1 kg' }));
    await expectToast('Producto eliminado');
    expect(carrito()).toEqual([{ productoId: fideos._id, cantidadSolicitada: 1 }]);
    expect(screen.queryByRole('link', { name: 'Yerba mate 1 kg' })).toBeNull();
    expect(total()).toHaveTextContent('$ 1.350,00');

    await user.click(screen.getByRole('button', { name: 'Eliminar Fideos spaghetti 500 g' }));
    expect(await screen.findByText('Tu carrito está vacío')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
    expect(carrito()).toEqual([]);
  });

  it("shows the empty cart with a link to '/'", async () => {
    mockMarketplaceApi();
    renderApp('/cart');
    expect(await screen.findByText('Tu carrito está vacío')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
  });

  it("shows a product that no longer exists as 'Producto no encontrado', which can be removed", async () => {
    const borrado = productoId(999);
    sembrarCarrito([
      [yerba._id, 1],
      [borrado, 2],
    ]);
    mockMarketplaceApi({ productos: [yerba] });
    const { user } = renderApp('/cart');
    expect(await screen.findByText('Producto no encontrado')).toBeVisible();
    await carritoCargado();
    expect(screen.queryByRole('link', { name: 'Proceder al checkout' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceder al checkout' })).toBeDisabled();
    expect(total()).toHaveTextContent('$ 4.890,00');

    await user.click(screen.getByRole('button', { name: 'Eliminar producto no encontrado' }));
    await expectToast('Producto eliminado');
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 1 }]);
    expect(screen.getByRole('link', { name: 'Proceder al checkout' })).toBeVisible();
  });

  it("says 'No se pudieron cargar los detalles de los productos' once when loading fails", async () => {
    sembrarCarrito([
      [yerba._id, 1],
      [fideos._id, 1],
    ]);
    mockMarketplaceApi({ productoStatus: 500 });
    renderApp('/cart');
    const avisos = await screen.findAllByText('Producto no disponible', undefined, {
      timeout: 5000,
    });
    expect(avisos).toHaveLength(2);
    await expectToast('No se pudieron cargar los detalles de los productos');
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
  }, 10_000);

  it('counts in the totals only what it could load, and says of how many', async () => {
    sembrarCarrito([
      [yerba._id, 2],
      [productoId(99), 3],
    ]);
    mockMarketplaceApi({ productos: [yerba, fideos] });
    renderApp('/cart');
    await carritoCargado();
    expect(await screen.findByText('Producto no encontrado')).toBeVisible();
    expect(screen.getByText('5 productos en tu carrito')).toBeVisible();
    expect(screen.getByText('Productos (2 de 5)')).toBeVisible();
  });

  it('bounds each line by its stock and holds checkout while a line asks for more', async () => {
    sembrarCarrito([[yerba._id, 4]]);
    mockMarketplaceApi({ productos: [{ ...yerba, stock: 3 }] });
    const { user } = renderApp('/cart');
    await carritoCargado();
    const fila = linea('Yerba mate 1 kg');
    expect(within(fila).getByText('Quedan 3: ajusta la cantidad')).toBeVisible();
    expect(within(fila).getByRole('button', { name: 'Aumentar cantidad' })).toBeDisabled();
    expect(
      screen.getByText('Ajusta las cantidades que superan el stock para continuar.'),
    ).toBeVisible();

    await user.click(within(fila).getByRole('button', { name: 'Disminuir cantidad' }));
    expect(carrito()).toEqual([{ productoId: yerba._id, cantidadSolicitada: 3 }]);
    expect(within(fila).getByText('Máximo disponible: 3')).toBeVisible();
    expect(
      screen.queryByText('Ajusta las cantidades que superan el stock para continuar.'),
    ).toBeNull();
  });

  it("'Reintentar' loads again a line whose product failed to load", async () => {
    sembrarCarrito([[yerba._id, 2]]);
    mockMarketplaceApi({ productoStatus: 500 });
    const { user } = renderApp('/cart');
    await screen.findByText('Producto no disponible', undefined, { timeout: 5000 });
    expect(
      within(linea('Producto no disponible')).getByRole('button', {
        name: 'Eliminar producto no disponible',
      }),
    ).toBeVisible();

    mockMarketplaceApi({ productos: [yerba] });
    await user.click(
      within(linea('Producto no disponible')).getByRole('button', { name: 'Reintentar' }),
    );
    await carritoCargado();
    expect(screen.queryByText('Producto no disponible')).toBeNull();
    expect(total()).toHaveTextContent('$ 9.780,00');
    expect(screen.getByRole('link', { name: 'Proceder al checkout' })).toBeVisible();
  }, 10_000);

  it("offers no 'Reintentar' for a product that no longer exists", async () => {
    sembrarCarrito([[productoId(998), 1]]);
    mockMarketplaceApi();
    renderApp('/cart');
    expect(await screen.findByText('Producto no encontrado')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('opens the summary grouped by store at /cart?resumen=1 and closes back to /cart', async () => {
    sembrarCarrito([
      [yerba._id, 2],
      [naranjas._id, 1],
      [fideos._id, 1],
    ]);
    mockMarketplaceApi({ productos: [yerba, fideos, naranjas], tiendas: [almacen, huerta] });
    const { user, router } = renderApp('/cart');
    await carritoCargado();
    await screen.findByRole('link', { name: 'Cajón de naranjas 10 kg' });

    await user.click(screen.getByRole('button', { name: 'Ver resumen' }));
    const resumen = await screen.findByRole('dialog', { name: 'Resumen del carrito' });
    expect(router.state.location.search).toBe('?resumen=1');
    const tiendas = await within(resumen).findAllByRole('listitem');
    const grupos = tiendas.filter((li) => li.getAttribute('data-slot') === 'resumen-tienda');
    expect(grupos).toHaveLength(2);
    await waitFor(() => expect(grupos[0]).toHaveTextContent('Almacén Don Ramón'));
    expect(grupos[0]).toHaveTextContent('2 × Yerba mate 1 kg');
    expect(grupos[0]).toHaveTextContent('1 × Fideos spaghetti 500 g');
    expect(grupos[0]).toHaveTextContent('Subtotal de la tienda$ 11.130,00');
    await waitFor(() => expect(grupos[1]).toHaveTextContent('La Huerta de Villa Crespo'));
    expect(grupos[1]).toHaveTextContent('Subtotal de la tienda$ 12.500,00');
    expect(resumen.querySelector('[data-slot="resumen-total"]')).toHaveTextContent('$ 23.630,00');

    await user.click(within(resumen).getByRole('button', { name: 'Volver al carrito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/cart');
    expect(router.state.location.search).toBe('');
  });

  it('opens the summary straight from /cart?resumen=1', async () => {
    sembrarCarrito([[yerba._id, 1]]);
    mockMarketplaceApi({ productos: [yerba], tiendas: [almacen] });
    const { user, router } = renderApp('/cart?resumen=1');
    const resumen = await screen.findByRole('dialog', { name: 'Resumen del carrito' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resumen).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('cart screen, logged out', () => {
  it('asks to log in', async () => {
    sembrarCarrito([[yerba._id, 1]]);
    const { calls } = mockMarketplaceApi({ productos: [yerba] });
    renderApp('/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrito' })).toBeVisible();
    expect(screen.getByText('Inicia sesión para ver tu carrito')).toBeVisible();
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Iniciar Sesión' });
    expect(login).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });
});
