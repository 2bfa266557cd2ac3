import { categoriasSchema, tiendasQueCubrenResponseSchema } from '@compra-grupal/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { categorias, tienda, tiendasDemo } from '@/test/fixtures/tiendas';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { TiendaListing, type TiendaListingProps } from './tienda-listing';

const PALERMO = { lat: -34.5889, lng: -58.4108 };

function bodyOf(call: FetchCall): Record<string, unknown> {
  return JSON.parse(String(call.body)) as Record<string, unknown>;
}

/** The API of the listing: stores filtered by `q` like the server does, and the categories. */
function mockListingApi({
  tiendas = tiendasDemo,
  tiendasStatus = 200,
  categoriasStatus = 200,
}: {
  tiendas?: typeof tiendasDemo;
  tiendasStatus?: number;
  categoriasStatus?: number;
} = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/tienda/con-productos-que-cubren') {
      if (tiendasStatus !== 200) return json({ error: 'Falló', code: 'X' }, tiendasStatus);
      const q = String(bodyOf(call).q ?? '').toLowerCase();
      return contractJson(tiendasQueCubrenResponseSchema, {
        tiendas: tiendas.filter(
          (tienda) =>
            !q ||
            tienda.nombre.toLowerCase().includes(q) ||
            tienda.descripcion.toLowerCase().includes(q),
        ),
      });
    }
    if (call.url === '/api/categoria/getAllCategoria') {
      if (categoriasStatus !== 200) return json({ error: 'Falló' }, categoriasStatus);
      return contractJson(categoriasSchema, categorias);
    }
    return json({ error: 'No encontrado' }, 404);
  });
}

function renderListing(props: Partial<TiendaListingProps> = {}) {
  const onRetryLocation = vi.fn();
  const onChangeLocation = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <TiendaListing
            location={PALERMO}
            locating={false}
            onRetryLocation={onRetryLocation}
            onChangeLocation={onChangeLocation}
            {...props}
          />
        ),
      },
      { path: '/store/:tiendaId', element: <h1>Página de la tienda</h1> },
      { path: '/product/:productId', element: <h1>Página del producto</h1> },
    ],
    { initialEntries: ['/'] },
  );
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user, onRetryLocation, onChangeLocation };
}

function card(nombre: string) {
  return screen.getByRole('article', { name: nombre });
}

describe('TiendaListing', () => {
  it('fetches stores and categories for the location and shows the cards with the count', async () => {
    const { calls } = mockListingApi();
    renderListing();
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Almacén Don Ramón' })).toBeInTheDocument();

    const listing = calls.find((call) => call.url === '/api/tienda/con-productos-que-cubren');
    expect(listing?.method).toBe('POST');
    expect(bodyOf(listing as FetchCall)).toEqual(PALERMO);
    expect(listing?.headers.get('Authorization')).toBeNull();
    expect(calls.some((call) => call.url === '/api/categoria/getAllCategoria')).toBe(true);
  });

  it('lists only enabled stores', async () => {
    mockListingApi({
      tiendas: [...tiendasDemo, tienda(4, { nombre: 'Dietética Natural', habilitada: false })],
    });
    renderListing();
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Dietética Natural' })).toBeNull();
  });

  it('says the location is being found, offers the map, and asks for nothing', () => {
    const { calls } = mockListingApi();
    renderListing({ location: null, locating: true });
    expect(screen.getByRole('status', { name: 'Buscando tu ubicación…' })).toHaveTextContent(
      'puedes elegir un punto en el mapa',
    );
    expect(calls).toHaveLength(0);
  });

  it('renders a card: logo, name, category, description, products with prices, badges', async () => {
    mockListingApi();
    renderListing();
    await screen.findByRole('article', { name: 'Almacén Don Ramón' });
    const almacen = card('Almacén Don Ramón');
    expect(within(almacen).getByRole('img', { name: 'Logo de Almacén Don Ramón' })).toBeVisible();
    expect(within(almacen).getByText('Almacén')).toBeInTheDocument();
    expect(
      within(almacen).getByText('Almacén de barrio con yerba y conservas.'),
    ).toBeInTheDocument();
    // Up to 6 products in the carousel, each with its price in pesos.
    const carrusel = within(almacen).getByRole('region', {
      name: 'Productos de Almacén Don Ramón',
    });
    expect(within(carrusel).getAllByRole('group')).toHaveLength(6);
    expect(within(carrusel).getByText('$ 1.000,50')).toBeInTheDocument();
    expect(within(carrusel).getByRole('link', { name: /Producto 1-1/ })).toHaveAttribute(
      'href',
      `/product/${tiendasDemo[0]?.productos[0]?._id}`,
    );
    // 3 of the 4 local categories and '+1 más'.
    const badges = within(almacen).getByRole('list', { name: 'Categorías de la tienda' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aceites', 'Conservas', 'Infusiones', '+1 más']);
    expect(
      within(almacen).getByRole('link', { name: 'Ver todos los productos (8)' }),
    ).toHaveAttribute('href', `/store/${tiendasDemo[0]?._id}`);
  });

  it("falls back to 'Sin categoría' and says when a store has no products", async () => {
    mockListingApi();
    renderListing();
    const tecno = await screen.findByRole('article', { name: 'Tecno Barrio' });
    expect(within(tecno).getByText('Sin categoría')).toBeInTheDocument();
    expect(within(tecno).getByText('Esta tienda aún no tiene productos')).toBeInTheDocument();
    expect(within(tecno).queryByRole('region')).toBeNull();
    expect(within(tecno).queryByRole('link', { name: /Ver todos los productos/ })).toBeNull();
    // Without a logo, its initial stands in.
    expect(within(tecno).getByRole('img', { name: 'Logo de Tecno Barrio' })).toHaveTextContent('T');
    // 4 products: no 'Ver todos', no '+n más'.
    const huerta = card('La Huerta');
    expect(within(huerta).queryByRole('link', { name: /Ver todos los productos/ })).toBeNull();
    expect(within(huerta).queryByText(/más$/)).toBeNull();
  });

  it('opens the store page from the card', async () => {
    mockListingApi();
    const { user, router } = renderListing();
    const almacen = await screen.findByRole('article', { name: 'Almacén Don Ramón' });
    await user.click(within(almacen).getByRole('link', { name: 'Almacén Don Ramón' }));
    expect(router.state.location.pathname).toBe(`/store/${tiendasDemo[0]?._id}`);
  });

  it("sends the search as q (debounced) and counts '1 tienda encontrada'", async () => {
    const { calls } = mockListingApi();
    const { user } = renderListing();
    await screen.findByText('3 tiendas encontradas');
    await user.type(screen.getByPlaceholderText('Buscar tiendas o productos...'), 'yerba');
    expect(await screen.findByText('1 tienda encontrada')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Almacén Don Ramón' })).toBeInTheDocument();
    const listings = calls.filter((call) => call.url === '/api/tienda/con-productos-que-cubren');
    // One call for the page and one for the whole word, not one per key.
    expect(listings.map((call) => bodyOf(call).q)).toEqual([undefined, 'yerba']);
  });

  it('filters by global category on the client', async () => {
    const { calls } = mockListingApi();
    const { user } = renderListing();
    await screen.findByText('3 tiendas encontradas');
    const select = await screen.findByRole('combobox', { name: 'Categoría' });
    expect(select).toHaveTextContent('Todas las categorías');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Verdulería' }));
    expect(await screen.findByText('1 tienda encontrada')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'La Huerta' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Almacén Don Ramón' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('con-productos'))).toHaveLength(1);
  });

  it('with filters and no result: the filters hint and Limpiar filtros', async () => {
    mockListingApi();
    const { user } = renderListing();
    await screen.findByText('3 tiendas encontradas');
    await user.type(screen.getByPlaceholderText('Buscar tiendas o productos...'), 'xyz');
    expect(
      await screen.findByRole('heading', { name: 'No se encontraron tiendas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/cambia la categoría/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar ubicación' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(screen.getByPlaceholderText('Buscar tiendas o productos...')).toHaveValue('');
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
  });

  it('without filters and no store: retry the GPS, with advice to enable location', async () => {
    mockListingApi({ tiendas: [] });
    const { user, onRetryLocation, onChangeLocation } = renderListing();
    expect(
      await screen.findByRole('heading', { name: 'No se encontraron tiendas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/habilitada/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Limpiar filtros' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reintentar ubicación' }));
    expect(onRetryLocation).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Elegir en el mapa' }));
    expect(onChangeLocation).toHaveBeenCalledOnce();
  });

  it('without a location: the empty state asks to enable location', async () => {
    const { calls } = mockListingApi();
    renderListing({ location: null, locating: false });
    expect(screen.getByRole('heading', { name: 'No se encontraron tiendas' })).toBeInTheDocument();
    expect(screen.getByText(/habilita la ubicación en tu navegador/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar ubicación' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'No se pudieron cargar las tiendas' when the listing fails", async () => {
    mockListingApi({ tiendasStatus: 500 });
    renderListing();
    const item = await expectToast('Error', 'No se pudieron cargar las tiendas');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(
      await screen.findByRole('heading', { name: 'No se pudieron cargar las tiendas' }),
    ).toBeInTheDocument();
    // A failure is not the 'no store reaches you' state.
    expect(screen.queryByRole('heading', { name: 'No se encontraron tiendas' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reintentar ubicación' })).toBeNull();
  });

  it("after a failed listing, 'Reintentar' asks for the stores again without the GPS", async () => {
    mockListingApi({ tiendasStatus: 500 });
    const { user, onRetryLocation } = renderListing();
    const reintentar = await screen.findByRole('button', { name: 'Reintentar' });

    const { calls } = mockListingApi();
    await user.click(reintentar);
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
    expect(onRetryLocation).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.url.includes('con-productos'))).toHaveLength(1);
  });

  it("says 'No se pudieron cargar las categorías' when the categories fail", async () => {
    mockListingApi({ categoriasStatus: 500 });
    renderListing();
    await expectToast('Error', 'No se pudieron cargar las categorías');
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
  });

  it("says 'Error de conexión' without an answer", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderListing();
    await expectToast('Error', 'Error de conexión');
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { name: 'No se pudieron cargar las tiendas' }),
      ).toBeVisible(),
    );
    expect(screen.getByText(/Revisa tu conexión/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
