import {
  buscarGeoResponseSchema,
  categoriasSchema,
  tiendasQueCubrenResponseSchema,
} from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UbicacionMapProps } from '@/features/ubicacion/components/ubicacion-map';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { categorias, tienda, tiendasDemo } from '@/test/fixtures/tiendas';
import { renderApp } from '@/test/render-app';

vi.mock('@/features/ubicacion/components/ubicacion-map', () => ({
  UbicacionMap: ({ position }: UbicacionMapProps) => (
    <p>
      Marcador en {position.lat}, {position.lng}
    </p>
  ),
}));

const serrano = tienda(9, { nombre: 'Almacén Serrano' });

/** Stores around Córdoba are Serrano's; anywhere else, the demo listing. */
function mockMarketplaceApi() {
  return mockFetch((call) => {
    if (call.url === '/api/tienda/con-productos-que-cubren') {
      const { lat } = JSON.parse(String(call.body)) as { lat: number };
      return contractJson(tiendasQueCubrenResponseSchema, {
        tiendas: lat > -32 ? [serrano] : tiendasDemo,
      });
    }
    if (call.url === '/api/categoria/getAllCategoria')
      return contractJson(categoriasSchema, categorias);
    if (call.url.startsWith('/api/geo/buscar?')) {
      return contractJson(buscarGeoResponseSchema, {
        sugerencias: [
          {
            etiqueta: 'Córdoba, Córdoba',
            direccion: 'Córdoba',
            ciudad: 'Córdoba',
            provincia: 'Córdoba',
            codigoPostal: null,
            lat: -31.4135,
            lng: -64.18105,
          },
        ],
      });
    }
    return json({ error: 'No encontrado' }, 404);
  });
}

describe('home (marketplace)', () => {
  it('lists the stores around the saved location and shows it with 4 decimals', async () => {
    localStorage.setItem('marketplaceLocation', JSON.stringify({ lat: -34.58891, lng: -58.41079 }));
    mockMarketplaceApi();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Lat -34.5889,')).toBeInTheDocument();
    expect(await screen.findByText('3 tiendas encontradas')).toBeInTheDocument();
  });

  it('follows a location chosen in the picker and saves it', async () => {
    localStorage.setItem('marketplaceLocation', JSON.stringify({ lat: -34.5889, lng: -58.4108 }));
    const { calls } = mockMarketplaceApi();
    const { user } = renderApp('/');
    await screen.findByText('3 tiendas encontradas');

    await user.click(screen.getByRole('button', { name: 'Cambiar ubicación' }));
    const picker = await screen.findByRole('dialog', { name: 'Elige tu ubicación' });
    expect(await within(picker).findByText('Marcador en -34.5889, -58.4108')).toBeInTheDocument();
    await user.type(within(picker).getByPlaceholderText('Buscar dirección…'), 'córdoba');
    await user.click(await within(picker).findByRole('option', { name: 'Córdoba, Córdoba' }));
    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));

    expect(await screen.findByText('1 tienda encontrada')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Almacén Serrano' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(localStorage.getItem('marketplaceLocation') ?? 'null')).toEqual({
      lat: -31.4135,
      lng: -64.18105,
    });
    const last = calls.filter((call) => call.url.includes('con-productos')).at(-1);
    expect(JSON.parse(String(last?.body))).toEqual({ lat: -31.4135, lng: -64.18105 });
  });
});
