import { ERROR_MESSAGES, entregaResponseSchema, type RutaDelDia } from '@compra-grupal/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { conError, enPosicion, removeGeolocationStub, stubGeolocation } from '@/test/geolocation';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';
import {
  PEDIDO_RUTA_1,
  PEDIDO_RUTA_2,
  parada,
  ruta,
  rutaDelDia,
  rutasJson,
  TIENDA_RUTA,
} from '../test/rutas-api';
import { RutasDelDia } from './rutas-del-dia';

const CODIGO = 'K7P2QX';
const OTRA_TIENDA = 'a60000000000000000000002';

const rutasPath = (call: FetchCall) => new URL(call.url, 'http://localhost');

/**
 * The API of the day's routes: GET /api/entrega/rutas (the routes it holds, planned from a point
 * when asked), the courier's code check and the seller's mark; a delivered stop is checked off on
 * the next read, as the server does.
 */
function mockRutasApi({
  rutas = [rutaDelDia()] as RutaDelDia[],
  carga = 'ok' as 'ok' | 'error' | 'error-una-vez',
  replan = 'ok' as 'ok' | 'error',
} = {}) {
  let actuales = rutas;
  let fallas = carga === 'error-una-vez' ? 1 : 0;
  const entregar = (pedidoId: string, tiendaId: string) => {
    actuales = actuales.map((r) =>
      r.tiendaId !== tiendaId
        ? r
        : {
            ...r,
            paradas: r.paradas.map((p) =>
              p.pedidoId === pedidoId
                ? { ...p, entregada: true, entregadaEn: '2026-05-04T15:05:00.000Z' }
                : p,
            ),
          },
    );
  };
  return mockFetch((call) => {
    const url = rutasPath(call);
    if (url.pathname === '/api/entrega/rutas') {
      if (carga === 'error' || fallas > 0) {
        fallas -= 1;
        return json({ error: 'Falló' }, 500, 'Server Error');
      }
      const latitud = url.searchParams.get('latitud');
      const longitud = url.searchParams.get('longitud');
      if (latitud && longitud) {
        if (replan === 'error') return json({ error: 'Falló' }, 500, 'Server Error');
        return rutasJson(
          actuales.map((r) => ({
            ...r,
            desdePosicion: true,
            origen: { latitud: Number(latitud), longitud: Number(longitud), direccion: '' },
            distanciaMetros: 5300,
            duracionSegundos: 1500,
          })),
        );
      }
      const tiendaId = url.searchParams.get('tiendaId');
      return rutasJson(tiendaId ? actuales.filter((r) => r.tiendaId === tiendaId) : actuales);
    }
    if (url.pathname === '/api/pedido/compararCodigo' && call.method === 'POST') {
      const { _id, codigo, tiendaId } = JSON.parse(String(call.body)) as Record<string, string>;
      if (codigo !== CODIGO) {
        return json(
          {
            error: ERROR_MESSAGES.CODIGO_INCORRECTO,
            mensaje: ERROR_MESSAGES.CODIGO_INCORRECTO,
            code: 'CODIGO_INCORRECTO',
          },
          400,
        );
      }
      entregar(_id ?? '', tiendaId ?? '');
      return contractJson(entregaResponseSchema, {
        mensaje: 'Entrega confirmada',
        pedidoId: _id ?? '',
        tiendaIds: [tiendaId ?? ''],
        entregado: true,
      });
    }
    if (url.pathname === '/api/pedido/marcarPedidoComoEntregado' && call.method === 'POST') {
      const { pedidoId } = JSON.parse(String(call.body)) as { pedidoId: string };
      entregar(pedidoId, TIENDA_RUTA);
      return contractJson(entregaResponseSchema, {
        mensaje: 'Pedido marcado como entregado',
        pedidoId,
        tiendaIds: [TIENDA_RUTA],
        entregado: true,
      });
    }
    // The map's tiles are not configured here: it draws the offline plan (no network in tests).
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}

/** Stands for the location feature's offline plan (the route passes the real one). */
function PlanoDePrueba() {
  return <p data-testid="plano-sin-conexion">Plano sin conexión</p>;
}

function renderRutas(props: { tiendaId?: string } = {}) {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <RutasDelDia {...props} PlanoSinConexion={PlanoDePrueba} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

async function paradas(tiendaNombre = 'Almacén La Esquina') {
  const lista = await screen.findByRole('list', { name: `Paradas de ${tiendaNombre}` });
  return within(lista)
    .getAllByRole('listitem')
    .filter((li) => li.dataset.slot === 'parada-de-ruta');
}

async function parada_(numero: number) {
  const todas = await paradas();
  return within(todas[numero - 1] as HTMLElement);
}

describe('La ruta del día', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });
  afterEach(() => {
    removeGeolocationStub();
  });

  it('lists the stops in visiting order, each with its street and number first, then the locality', async () => {
    mockRutasApi();
    renderRutas();
    const todas = await paradas();
    expect(todas.map((li) => li.querySelector('h3')?.textContent)).toEqual([
      'Parada 1: Thames 1500',
      'Parada 2: Av. Corrientes 1234, Depto 4B - Timbre roto',
      'Parada 3: Av. Santa Fe 3200 - Portería',
      'Parada 4: Calle 12 N° 850',
    ]);
    const dos = within(todas[1] as HTMLElement);
    expect(todas[1]).toHaveAccessibleName('Parada 2: Av. Corrientes 1234, Depto 4B - Timbre roto');
    expect(dos.getByText('Buenos Aires, CABA (C1043)')).toBeVisible();
    expect(dos.getByText('Ana Pérez')).toBeVisible();
    expect(dos.getByRole('link', { name: '+54 11 4000-1234' })).toHaveAttribute(
      'href',
      'tel:+541140001234',
    );
    expect(dos.getByText('#A1B2C3')).toBeVisible();
    const productos = dos.getByRole('list', { name: 'Productos del pedido #A1B2C3' });
    expect(within(productos).getByText('Yerba mate 1 kg')).toBeVisible();
    expect(within(productos).getByText('× 2')).toBeVisible();
    const tres = within(todas[2] as HTMLElement);
    expect(
      within(tres.getByRole('list', { name: 'Productos del pedido #D4E5F6' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Café molido 250 g× 3', 'Galletitas de agua× 1']);
    expect(tres.getByText('A 2,4 km')).toBeVisible();
    // The stop without a point comes last and says why it is not on the map.
    expect(within(todas[3] as HTMLElement).getByText('Sin ubicación en el mapa')).toBeVisible();
  });

  it('opens Google Maps and Waze at the stop’s point, in a new tab', async () => {
    mockRutasApi();
    renderRutas();
    const dos = await parada_(2);
    const google = dos.getByRole('link', { name: 'Abrir en Google Maps' });
    expect(google).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-34.6037,-58.3816',
    );
    expect(google).toHaveAttribute('target', '_blank');
    expect(google.getAttribute('rel')).toContain('noopener');
    const waze = dos.getByRole('link', { name: 'Abrir en Waze' });
    expect(waze).toHaveAttribute('href', 'https://waze.com/ul?ll=-34.6037,-58.3816&navigate=yes');
    expect(waze).toHaveAttribute('target', '_blank');
    expect(waze.getAttribute('rel')).toContain('noopener');

    // Without a point, both search the address instead.
    const cuatro = await parada_(4);
    expect(cuatro.getByRole('link', { name: 'Abrir en Google Maps' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=Calle%2012%20N%C2%B0%20850%2C%20La%20Plata%2C%20Buenos%20Aires',
    );
    expect(cuatro.getByRole('link', { name: 'Abrir en Waze' })).toHaveAttribute(
      'href',
      'https://waze.com/ul?q=Calle%2012%20N%C2%B0%20850%2C%20La%20Plata%2C%20Buenos%20Aires&navigate=yes',
    );
  });

  it('checks off the stops delivered today, with no action left on them', async () => {
    mockRutasApi();
    renderRutas();
    const [entregada, pendiente] = await paradas();
    expect(entregada).toHaveAttribute('data-entregada', 'true');
    const uno = within(entregada as HTMLElement);
    expect(uno.getByText('Entregado')).toBeVisible();
    expect(uno.queryByRole('button', { name: 'Confirmar entrega' })).toBeNull();
    expect(uno.queryByLabelText('Código de entrega')).toBeNull();
    expect(uno.queryByRole('link', { name: 'Abrir en Google Maps' })).toBeNull();
    expect(pendiente).not.toHaveAttribute('data-entregada');
    expect(
      within(pendiente as HTMLElement).getByRole('button', { name: 'Confirmar entrega' }),
    ).toBeVisible();
  });

  it('sums up the stops, the distance and the estimated time the es-AR way', async () => {
    mockRutasApi();
    renderRutas();
    const resumen = await screen.findByLabelText('Resumen de la ruta');
    expect(resumen).toHaveTextContent('Paradas4');
    expect(resumen).toHaveTextContent('1 entregada');
    expect(resumen).toHaveTextContent('Distancia12,4 km');
    expect(resumen).toHaveTextContent('Tiempo estimado1 h 20 min');
    expect(screen.getByRole('heading', { level: 2, name: 'Almacén La Esquina' })).toBeVisible();
    expect(screen.getByText('Sale de Gorriti 4800, Palermo')).toBeVisible();
  });

  it('shows one section per store for a courier', async () => {
    mockRutasApi({
      rutas: [
        rutaDelDia(),
        ruta({
          tiendaId: OTRA_TIENDA,
          tiendaNombre: 'Verdulería La Huerta',
          paradas: [parada({ tiendaId: OTRA_TIENDA, pedidoId: PEDIDO_RUTA_2, numero: '#D4E5F6' })],
        }),
      ],
    });
    renderRutas();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Almacén La Esquina' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Verdulería La Huerta' })).toBeVisible();
    expect(await paradas('Verdulería La Huerta')).toHaveLength(1);
  });

  it("says 'No hay entregas para hoy' when no store has stops today", async () => {
    mockRutasApi({ rutas: [] });
    renderRutas();
    expect(await screen.findByRole('heading', { name: 'No hay entregas para hoy' })).toBeVisible();
  });

  it("says 'No se pudo cargar la ruta' and loads it again with 'Reintentar'", async () => {
    const { calls } = mockRutasApi({ carga: 'error-una-vez' });
    const { user } = renderRutas();
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar la ruta' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await paradas()).toHaveLength(4);
    expect(calls.filter((c) => c.url.includes('/api/entrega/rutas'))).toHaveLength(2);
  });

  it("plans again from the device's position with 'Replanificar desde mi ubicación'", async () => {
    const { calls } = mockRutasApi();
    const getCurrentPosition = stubGeolocation(enPosicion(-34.6011, -58.4502));
    const { user } = renderRutas();
    await paradas();
    await user.click(screen.getByRole('button', { name: 'Replanificar desde mi ubicación' }));
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(await screen.findByText('Sale desde tu ubicación')).toBeVisible();
    const pedido = calls.map((c) => new URL(c.url, 'http://localhost')).at(-1);
    expect(pedido?.pathname).toBe('/api/entrega/rutas');
    expect(pedido?.searchParams.get('latitud')).toBe('-34.6011');
    expect(pedido?.searchParams.get('longitud')).toBe('-58.4502');
    const resumen = screen.getByLabelText('Resumen de la ruta');
    expect(resumen).toHaveTextContent('5,3 km');
    expect(resumen).toHaveTextContent('25 min');

    // And back to the route from the store.
    await user.click(screen.getByRole('button', { name: 'Planificar desde la tienda' }));
    expect(await screen.findByText('Sale de Gorriti 4800, Palermo')).toBeVisible();
  });

  it('says so in Spanish when the position is denied, and asks the API nothing', async () => {
    const { calls } = mockRutasApi();
    stubGeolocation(conError(1));
    const { user } = renderRutas();
    await paradas();
    await user.click(screen.getByRole('button', { name: 'Replanificar desde mi ubicación' }));
    await expectToast(
      'No pudimos obtener tu ubicación',
      'Permite el acceso a tu ubicación en el navegador e inténtalo de nuevo.',
    );
    expect(calls.some((c) => c.url.includes('latitud'))).toBe(false);
    expect(screen.getByText('Sale de Gorriti 4800, Palermo')).toBeVisible();
  });

  it('keeps the route from the store when the re-plan fails', async () => {
    mockRutasApi({ replan: 'error' });
    stubGeolocation(enPosicion(-34.6011, -58.4502));
    const { user } = renderRutas();
    await paradas();
    await user.click(screen.getByRole('button', { name: 'Replanificar desde mi ubicación' }));
    await expectToast(
      'No pudimos replanificar la ruta',
      'Revisa tu conexión e inténtalo de nuevo.',
    );
    expect(screen.getByText('Sale de Gorriti 4800, Palermo')).toBeVisible();
    expect(await paradas()).toHaveLength(4);
  });

  it("confirms a courier's stop with the shopper's code for that order and store, and checks it off", async () => {
    const { calls } = mockRutasApi();
    const { user } = renderRutas();
    const dos = await parada_(2);
    await user.click(dos.getByRole('button', { name: 'Confirmar entrega' }));
    expect(dos.getByRole('alert')).toHaveTextContent('Por favor ingresa un código');
    expect(calls.some((c) => c.url.endsWith('/compararCodigo'))).toBe(false);

    await user.type(dos.getByLabelText('Código de entrega'), 'zzz');
    await user.click(dos.getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('Error', 'Código incorrecto o error en la verificación');

    await user.clear(dos.getByLabelText('Código de entrega'));
    await user.type(dos.getByLabelText('Código de entrega'), CODIGO.toLowerCase());
    await user.click(dos.getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('¡Entrega confirmada!', 'Pedido #A1B2C3 de Almacén La Esquina, entregado.');
    const ultima = calls.filter((c) => c.url.endsWith('/compararCodigo')).at(-1);
    expect(JSON.parse(String(ultima?.body))).toEqual({
      _id: PEDIDO_RUTA_1,
      codigo: CODIGO,
      tiendaId: TIENDA_RUTA,
    });
    await waitFor(async () =>
      expect((await paradas())[1]).toHaveAttribute('data-entregada', 'true'),
    );
    expect(within((await paradas())[1] as HTMLElement).getByText('Entregado')).toBeVisible();
  });

  it("lets a seller mark a stop delivered after 'Confirmar entrega', asking only for their store", async () => {
    const { calls } = mockRutasApi();
    const { user } = renderRutas({ tiendaId: TIENDA_RUTA });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ruta de hoy' })).toBeVisible();
    const pedido = calls
      .map((c) => new URL(c.url, 'http://localhost'))
      .find((u) => u.pathname.endsWith('/api/entrega/rutas'));
    expect(pedido?.searchParams.get('tiendaId')).toBe(TIENDA_RUTA);

    const dos = await parada_(2);
    expect(dos.queryByLabelText('Código de entrega')).toBeNull();
    await user.click(dos.getByRole('button', { name: 'Marcar como entregado' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Confirmar entrega' });
    expect(dialogo).toHaveTextContent('Esta acción no se puede deshacer');
    expect(dialogo).toHaveTextContent('#A1B2C3');
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar como entregado' }));
    await expectToast('Pedido marcado como entregado correctamente');
    const marcado = calls.find((c) => c.url.endsWith('/marcarPedidoComoEntregado'));
    expect(JSON.parse(String(marcado?.body))).toEqual({ pedidoId: PEDIDO_RUTA_1 });
    await waitFor(async () =>
      expect((await paradas())[1]).toHaveAttribute('data-entregada', 'true'),
    );
  });

  it('prints the seller’s sheet: store, date, summary and every stop with a box to sign', async () => {
    mockRutasApi();
    // What is in the page when the browser prints.
    const impreso: { hoja: HTMLElement | null } = { hoja: null };
    const print = vi.fn(() => {
      impreso.hoja = document.querySelector<HTMLElement>('[data-slot="hoja-de-ruta"]');
    });
    vi.stubGlobal('print', print);
    const { user } = renderRutas({ tiendaId: TIENDA_RUTA });
    await paradas();
    expect(document.querySelector('[data-slot="hoja-de-ruta"]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Imprimir hoja de ruta' }));
    expect(print).toHaveBeenCalledOnce();
    const hoja = impreso.hoja;
    if (!hoja) throw new Error('no había hoja de ruta al imprimir');
    const sheet = within(hoja);
    expect(sheet.getByRole('heading', { name: 'Almacén La Esquina' })).toBeInTheDocument();
    expect(hoja).toHaveTextContent(/\d{4}/);
    expect(hoja).toHaveTextContent('4 paradas · Distancia: 12,4 km · Tiempo estimado: 1 h 20 min');
    expect(sheet.getByRole('columnheader', { name: 'Firma / código' })).toBeInTheDocument();
    const filas = sheet.getAllByRole('row').slice(1);
    expect(filas.map((fila) => fila.querySelector('td')?.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(filas[1]).toHaveTextContent('Av. Corrientes 1234, Depto 4B - Timbre roto');
    expect(filas[1]).toHaveTextContent('Ana Pérez');
    expect(filas[1]).toHaveTextContent('+54 11 4000-1234');
    expect(filas[1]).toHaveTextContent('Yerba mate 1 kg × 2');
    // A box to sign for each stop still to deliver; the delivered one says so.
    expect(hoja.querySelectorAll('[data-slot="firma"]')).toHaveLength(3);
    expect(filas[0]).toHaveTextContent('Entregado');
    // The sheet is the only thing on paper, and nothing on screen.
    expect(hoja.querySelector('style')?.textContent).toContain(
      'body > :not([data-slot="hoja-de-ruta"])',
    );
    expect(hoja).toHaveClass('hidden', 'print:block');
  });

  it('offers no printing to a courier', async () => {
    mockRutasApi();
    renderRutas();
    await paradas();
    expect(screen.queryByRole('button', { name: 'Imprimir hoja de ruta' })).toBeNull();
  });
});

describe('El mapa de la ruta', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('numbers the stops with a point, checks off the delivered one, marks the store and draws the way', async () => {
    mockRutasApi();
    renderRutas();
    const mapa = await screen.findByRole('figure', {
      name: 'Mapa de la ruta de Almacén La Esquina',
    });
    await waitFor(() => expect(mapa.querySelectorAll('.ruta-marcador')).toHaveLength(4));
    const marcadores = [...mapa.querySelectorAll<HTMLElement>('.ruta-marcador')];
    expect(marcadores.map((m) => m.title)).toEqual([
      'Salida: Almacén La Esquina',
      'Parada 1: Thames 1500 (entregada)',
      'Parada 2: Av. Corrientes 1234, Depto 4B',
      'Parada 3: Av. Santa Fe 3200',
    ]);
    expect(marcadores[1]?.querySelector('[data-entregada]')).not.toBeNull();
    expect(marcadores[2]).toHaveTextContent('2');
    expect(marcadores[3]).toHaveTextContent('3');
    // The way (with its white halo) and the dashed way back to the store.
    expect(mapa.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(3);
  });

  it('says the tiles could not be loaded and draws the offline plan under the route', async () => {
    mockRutasApi();
    renderRutas();
    const mapa = await screen.findByRole('figure', {
      name: 'Mapa de la ruta de Almacén La Esquina',
    });
    expect(await within(mapa).findByTestId('plano-sin-conexion')).toBeInTheDocument();
    expect(mapa).toHaveTextContent('No pudimos cargar el mapa: te mostramos un plano simple.');
  });

  it('brings the chosen stop into view in the list', async () => {
    mockRutasApi();
    const { user } = renderRutas();
    const mapa = await screen.findByRole('figure', {
      name: 'Mapa de la ruta de Almacén La Esquina',
    });
    const marcador = await waitFor(() => {
      const encontrado = mapa.querySelector<HTMLElement>('[title="Parada 3: Av. Santa Fe 3200"]');
      if (!encontrado) throw new Error('sin marcador');
      return encontrado;
    });
    await user.click(marcador);
    await waitFor(async () => expect((await paradas())[2]).toHaveFocus());
  });
});
