import {
  buscarGeoResponseSchema,
  mapaConfigSchema,
  sugerenciaGeoSchema,
  ubicacionGeoSchema,
} from '@compra-grupal/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { Coordenadas, UbicacionElegida } from '@/entities/ubicacion/model/ubicacion';
import { checked, contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { conError, enPosicion, removeGeolocationStub, stubGeolocation } from '@/test/geolocation';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { UBICACION_DENEGADA } from '../lib/geolocation';
import type { UbicacionMapProps } from './ubicacion-map';
import { UbicacionPickerDialog } from './ubicacion-picker-dialog';

// Leaflet does not run in happy-dom: a stand-in map shows the marker and takes a "click".
vi.mock('./ubicacion-map', () => ({
  UbicacionMap: ({ position, onSelect }: UbicacionMapProps) => (
    <div data-testid="mapa">
      <p>
        Marcador en {position.lat}, {position.lng}
      </p>
      <button type="button" onClick={() => onSelect({ lat: -34.6037, lng: -58.3816 })}>
        Tocar el mapa
      </button>
    </div>
  ),
}));

const CORDOBA = checked(sugerenciaGeoSchema, {
  etiqueta: 'Córdoba, Córdoba',
  direccion: 'Córdoba',
  ciudad: 'Córdoba',
  provincia: 'Córdoba',
  codigoPostal: null,
  lat: -31.4135,
  lng: -64.18105,
});

const CORRIENTES = checked(ubicacionGeoSchema, {
  direccion: 'Av. Corrientes 1234',
  ciudad: 'San Nicolás',
  provincia: 'Ciudad Autónoma de Buenos Aires',
  codigoPostal: 'C1043',
  lat: -34.6037,
  lng: -58.3816,
});

function mockGeoApi({ inversa = json(CORRIENTES) }: { inversa?: Response } = {}) {
  return mockFetch(({ url }) => {
    if (url.startsWith('/api/geo/buscar?')) {
      const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
      return contractJson(buscarGeoResponseSchema, {
        sugerencias: q.toLowerCase().startsWith('cór') ? [CORDOBA] : [],
      });
    }
    if (url.startsWith('/api/geo/inversa?')) return inversa.clone();
    if (url === '/api/geo/mapa')
      return contractJson(mapaConfigSchema, {
        tileUrl: 'https://t/{z}/{x}/{y}.png',
        atribucion: 'OSM',
        buscaCalles: false,
      });
    return json({ error: 'No encontrado' }, 404);
  });
}

function Harness({
  initialLocation,
  centro,
  onConfirm,
}: {
  initialLocation?: Coordenadas | null;
  centro?: Coordenadas | null;
  onConfirm: (ubicacion: UbicacionElegida) => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <UbicacionPickerDialog
        open={open}
        onOpenChange={setOpen}
        initialLocation={initialLocation}
        centro={centro}
        onConfirm={onConfirm}
      />
    </>
  );
}

function renderPicker(initialLocation?: Coordenadas | null, centro?: Coordenadas | null) {
  const onConfirm = vi.fn();
  const queryClient = createTestQueryClient();
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={queryClient}>
      <Harness initialLocation={initialLocation} centro={centro} onConfirm={onConfirm} />
    </AppProviders>,
  );
  return { onConfirm, user };
}

async function dialog() {
  return screen.findByRole('dialog', { name: 'Elige tu ubicación' });
}

const confirmButton = () => screen.queryByRole('button', { name: 'Confirmar ubicación' });

afterEach(() => removeGeolocationStub());

describe('UbicacionPickerDialog', () => {
  it('starts at the Buenos Aires default without a location, with no confirm button yet', async () => {
    mockGeoApi();
    renderPicker();
    const picker = await dialog();
    expect(await within(picker).findByText('Marcador en -34.603722, -58.381592')).toBeVisible();
    expect(within(picker).getByPlaceholderText('Buscar dirección…')).toBeInTheDocument();
    expect(within(picker).getByRole('button', { name: 'Usar mi ubicación' })).toBeInTheDocument();
    expect(within(picker).getByText('Todavía no elegiste una ubicación')).toBeInTheDocument();
    expect(confirmButton()).toBeNull();
  });

  it('opens on the typed locality (centro) without taking it as the point', async () => {
    mockGeoApi();
    const { user } = renderPicker(null, { lat: -34.58, lng: -58.42 });
    const picker = await dialog();
    expect(await within(picker).findByText('Marcador en -34.58, -58.42')).toBeVisible();
    expect(confirmButton()).toBeNull();
    // Only the point the person places can be confirmed.
    await user.click(within(picker).getByRole('button', { name: 'Tocar el mapa' }));
    expect(
      await within(picker).findByRole('button', { name: 'Confirmar ubicación' }),
    ).toBeVisible();
  });

  it('starts at the initial location when there is one', async () => {
    mockGeoApi();
    renderPicker({ lat: -34.5889, lng: -58.4108 });
    expect(await screen.findByText('Marcador en -34.5889, -58.4108')).toBeVisible();
  });

  it("confirms the initial location as it is, without moving the marker ('Volver al mapa')", async () => {
    mockGeoApi();
    const { onConfirm, user } = renderPicker({ lat: -34.6037, lng: -58.3816 });
    const picker = await dialog();
    await within(picker).findByText('Av. Corrientes 1234');
    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));
    expect(onConfirm).toHaveBeenCalledWith({
      address: 'Av. Corrientes 1234',
      lat: -34.6037,
      lng: -58.3816,
      postalCode: 'C1043',
      province: 'Ciudad Autónoma de Buenos Aires',
      city: 'San Nicolás',
    });
  });

  it('blocks Enter in the address box', async () => {
    mockGeoApi();
    const { onConfirm, user } = renderPicker();
    const input = within(await dialog()).getByPlaceholderText('Buscar dirección…');
    await user.type(input, 'Corrientes');
    const notCancelled = fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(notCancelled).toBe(false);
    await user.type(input, '{Enter}');
    expect(await dialog()).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(confirmButton()).toBeNull();
  });

  it('suggests addresses as you type; choosing one moves the marker and fills the summary', async () => {
    const { calls } = mockGeoApi();
    const { onConfirm, user } = renderPicker();
    const picker = await dialog();
    const input = within(picker).getByRole('combobox', { name: 'Buscar dirección' });
    await user.type(input, 'córdoba');
    const listbox = await within(picker).findByRole('listbox', {
      name: 'Sugerencias de direcciones',
    });
    expect(within(listbox).getByRole('option', { name: 'Córdoba, Córdoba' })).toBeInTheDocument();
    const buscar = calls.filter((call) => call.url.startsWith('/api/geo/buscar?'));
    // Debounced: one request for the whole word.
    expect(buscar.map((call) => call.url)).toEqual([
      `/api/geo/buscar?q=${encodeURIComponent('córdoba')}&limite=5`,
    ]);

    // Keyboard: arrow down highlights, Enter takes it.
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Córdoba, Córdoba');
    expect(await within(picker).findByText('Marcador en -31.4135, -64.18105')).toBeVisible();
    const summary = within(picker).getByRole('region', { name: 'Ubicación seleccionada' });
    expect(within(summary).getByText('Lat -31.4135, Lng -64.1810')).toBeInTheDocument();
    // The suggestion brings its own data: no reverse geocoding.
    expect(calls.some((call) => call.url.startsWith('/api/geo/inversa'))).toBe(false);

    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));
    expect(onConfirm).toHaveBeenCalledWith({
      address: 'Córdoba',
      lat: -31.4135,
      lng: -64.18105,
      postalCode: null,
      province: 'Córdoba',
      city: 'Córdoba',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a click on the map reverse-geocodes the point and confirm emits it', async () => {
    const { calls } = mockGeoApi();
    const { onConfirm, user } = renderPicker();
    const picker = await dialog();
    await user.click(await within(picker).findByRole('button', { name: 'Tocar el mapa' }));
    const summary = within(picker).getByRole('region', { name: 'Ubicación seleccionada' });
    expect(await within(summary).findByText('Av. Corrientes 1234')).toBeInTheDocument();
    expect(within(summary).getByText('San Nicolás')).toBeInTheDocument();
    expect(within(summary).getByText('Ciudad Autónoma de Buenos Aires')).toBeInTheDocument();
    expect(within(summary).getByText('C1043')).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith('/api/geo/inversa'))?.url).toBe(
      '/api/geo/inversa?lat=-34.6037&lng=-58.3816',
    );

    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));
    expect(onConfirm).toHaveBeenCalledWith({
      address: 'Av. Corrientes 1234',
      lat: -34.6037,
      lng: -58.3816,
      postalCode: 'C1043',
      province: 'Ciudad Autónoma de Buenos Aires',
      city: 'San Nicolás',
    });
  });

  it("refuses a point without province or city: 'Datos incompletos'", async () => {
    mockGeoApi({
      inversa: json(
        { error: 'La ubicación está fuera de Argentina', code: 'UBICACION_FUERA_DE_ARGENTINA' },
        404,
      ),
    });
    const { onConfirm, user } = renderPicker();
    const picker = await dialog();
    await user.click(await within(picker).findByRole('button', { name: 'Tocar el mapa' }));
    expect(await within(picker).findByText(/fuera de Argentina/)).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));
    const item = await expectToast(
      'Datos incompletos',
      'No se pudo obtener la provincia o ciudad. Por favor, selecciona otra ubicación.',
    );
    expect(item).toHaveAttribute('data-type', 'error');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(await dialog()).toBeInTheDocument();
  });

  it('also refuses an answer with an empty province', async () => {
    mockGeoApi({ inversa: json({ ...CORRIENTES, provincia: '' }) });
    const { onConfirm, user } = renderPicker();
    const picker = await dialog();
    await user.click(await within(picker).findByRole('button', { name: 'Tocar el mapa' }));
    await within(picker).findByText('Av. Corrientes 1234');
    await user.click(within(picker).getByRole('button', { name: 'Confirmar ubicación' }));
    await expectToast('Datos incompletos');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("'Usar mi ubicación' takes the GPS position and reverse-geocodes it", async () => {
    stubGeolocation(enPosicion(-34.6037, -58.3816));
    mockGeoApi();
    const { user } = renderPicker();
    const picker = await dialog();
    await user.click(within(picker).getByRole('button', { name: 'Usar mi ubicación' }));
    expect(await within(picker).findByText('Av. Corrientes 1234')).toBeInTheDocument();
    expect(within(picker).getByText('Marcador en -34.6037, -58.3816')).toBeInTheDocument();
    expect(confirmButton()).toBeInTheDocument();
  });

  it("'Usar mi ubicación' shows the location error toast when denied", async () => {
    stubGeolocation(conError(1));
    mockGeoApi();
    const { user } = renderPicker();
    const picker = await dialog();
    await user.click(within(picker).getByRole('button', { name: 'Usar mi ubicación' }));
    await expectToast('Error de ubicación', UBICACION_DENEGADA);
    expect(confirmButton()).toBeNull();
  });
});
