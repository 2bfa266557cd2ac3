import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  categoriaId,
  crearProducto,
  crearTienda,
  mockMarketplaceApi,
  TIENDA_ID,
} from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';

const secos = { _id: categoriaId(1), nombre: 'Secos' };
const infusiones = { _id: categoriaId(2), nombre: 'Infusiones' };
const conservas = { _id: categoriaId(3), nombre: 'Conservas' };

const yerba = crearProducto({
  nombre: 'Yerba mate 1 kg',
  precio: 4890,
  categoriaLocalId: [infusiones._id],
});
const secosProductos = Array.from({ length: 8 }, (_, i) =>
  crearProducto({ nombre: `Seco ${i + 1}`, categoriaLocalId: [secos._id] }),
);
const suelto = crearProducto({ nombre: 'Bolsa reutilizable', categoriaLocalId: [] });

const tienda = crearTienda({
  productos: [yerba, ...secosProductos, suelto],
  categoriasLocales: [secos, conservas, infusiones],
});

function fila(nombre: string) {
  return screen.getByRole('region', { name: nombre });
}

async function tiendaCargada() {
  return screen.findByRole('heading', { level: 1, name: 'Almacén Don Ramón' });
}

describe('store page', () => {
  it('shows the header: logo, name, description, category and product count', async () => {
    mockMarketplaceApi({ tiendas: [tienda] });
    renderApp(`/store/${TIENDA_ID}`);
    await tiendaCargada();
    const header = screen
      .getByRole('heading', { level: 1 })
      .closest<HTMLElement>('[data-slot="tienda-header"]');
    if (!header) throw new Error('no header');
    expect(within(header).getByText(tienda.descripcion)).toBeVisible();
    expect(within(header).getByText('10 productos')).toBeVisible();
    expect(within(header).getByText('Almacén')).toBeVisible();
    expect(within(header).getByRole('img', { name: 'Logo de Almacén Don Ramón' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Almacén Don Ramón · Compra Grupal'));
  });

  it("shows one row per category with products, at most 6 each, and 'Otros productos'", async () => {
    mockMarketplaceApi({ tiendas: [tienda] });
    renderApp(`/store/${TIENDA_ID}`);
    await tiendaCargada();

    const titulos = screen
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titulos).toEqual(['Secos', 'Infusiones', 'Otros productos']);
    expect(screen.queryByRole('region', { name: 'Conservas' })).toBeNull();

    const tarjetasSecos = within(fila('Secos')).getAllByRole('link');
    expect(tarjetasSecos).toHaveLength(6);
    expect(tarjetasSecos[0]).toHaveTextContent('Seco 1');
    expect(within(fila('Otros productos')).getByRole('link')).toHaveTextContent(
      'Bolsa reutilizable',
    );

    const tarjetaYerba = within(fila('Infusiones')).getByRole('link');
    expect(tarjetaYerba).toHaveAttribute('href', `/product/${yerba._id}`);
    expect(tarjetaYerba).toHaveTextContent('Yerba mate 1 kg');
    expect(tarjetaYerba).toHaveTextContent('$ 4.890,00');
  });

  it('filters the rows by category', async () => {
    mockMarketplaceApi({ tiendas: [tienda] });
    const { user } = renderApp(`/store/${TIENDA_ID}`);
    await tiendaCargada();

    const filtro = screen.getByRole('combobox', { name: 'Filtrar por categoría' });
    expect(filtro).toHaveTextContent('Todas las categorías');
    await user.click(filtro);
    const opciones = await screen.findAllByRole('option');
    expect(opciones.map((opcion) => opcion.textContent)).toEqual([
      'Todas las categorías',
      'Secos',
      'Infusiones',
      'Otros productos',
    ]);
    await user.click(screen.getByRole('option', { name: 'Infusiones' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Secos' })).toBeNull());
    expect(fila('Infusiones')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Otros productos' })).toBeNull();
  });

  it('opens a product from its card', async () => {
    mockMarketplaceApi({ tiendas: [tienda], productos: [yerba] });
    const { user, router } = renderApp(`/store/${TIENDA_ID}`);
    await tiendaCargada();
    await user.click(within(fila('Infusiones')).getByRole('link'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Yerba mate 1 kg' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/product/${yerba._id}`);
  });

  it("says 'Esta tienda aún no tiene productos' for a store without products", async () => {
    mockMarketplaceApi({ tiendas: [crearTienda({ categoriasLocales: [secos] })] });
    renderApp(`/store/${TIENDA_ID}`);
    await tiendaCargada();
    expect(screen.getByText('Esta tienda aún no tiene productos')).toBeVisible();
    expect(screen.getByText('0 productos')).toBeVisible();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it("shows 'Tienda no encontrada' with a link home for an unknown or disabled store", async () => {
    mockMarketplaceApi();
    renderApp('/store/a10000000000000000000009');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tienda no encontrada' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Tienda no encontrada · Compra Grupal'));
  });

  it("shows 'Tienda no encontrada' for an id that cannot exist, without calling the API", async () => {
    const { calls } = mockMarketplaceApi();
    renderApp('/store/t1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tienda no encontrada' }),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.includes('/api/tienda/'))).toHaveLength(0);
  });

  it("says 'Error al cargar la tienda' when the load fails", async () => {
    mockMarketplaceApi({ tiendaStatus: 500 });
    renderApp(`/store/${TIENDA_ID}`);
    expect(
      await screen.findByRole('button', { name: 'Reintentar' }, { timeout: 5000 }),
    ).toBeVisible();
    await expectToast('Error al cargar la tienda');
  }, 10_000);
});
