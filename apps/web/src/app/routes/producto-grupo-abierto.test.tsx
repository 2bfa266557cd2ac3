import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { grupoId, PREDICCION_NO_LLEGA, prediccionEnDias } from '@/test/grupo-api';
import { crearProducto, crearTienda, mockMarketplaceApi } from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';

/** The socket: the test emits the server's events itself. */
const realtime = vi.hoisted(() => ({
  oyentes: new Map<string, Set<(payload: unknown) => void>>(),
}));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: (_room: unknown, event: string, listener: (payload: unknown) => void) => {
    const oyentes = realtime.oyentes.get(event) ?? new Set();
    oyentes.add(listener);
    realtime.oyentes.set(event, oyentes);
    return () => oyentes.delete(listener);
  },
}));

function emitir(event: string, payload: unknown) {
  act(() => {
    for (const oyente of realtime.oyentes.get(event) ?? []) oyente(payload);
  });
}

const miel = crearProducto({
  nombre: 'Miel de campo 1 kg',
  cantidadTotalGrupo: 10,
  grupoAbierto: {
    _id: grupoId(1),
    lugaresNecesarios: 10,
    lugaresOcupados: 3,
    prediccion: prediccionEnDias(2),
  },
});
const tienda = crearTienda({ productos: [miel] });
const path = `/product/${miel._id}`;

async function compraGrupal() {
  await screen.findByRole('heading', { level: 1, name: 'Miel de campo 1 kg' });
  const grupo = screen.getByRole('main').querySelector('[data-slot="grupo"]');
  expect(grupo).toHaveTextContent('Compra Grupal: Se necesitan 10 lugares para completar el grupo');
  return grupo?.parentElement as HTMLElement;
}

describe("product page: the open group's progress and forecast (decision 052)", () => {
  beforeEach(() => {
    realtime.oyentes.clear();
  });

  it("shows the open group's places taken and when it would fill", async () => {
    mockMarketplaceApi({ productos: [miel], tiendas: [tienda] });
    renderApp(path);
    const caja = await compraGrupal();
    expect(within(caja).getByText('3 de 10 lugares ocupados')).toBeVisible();
    expect(
      within(caja).getByRole('progressbar', { name: 'Lugares ocupados del grupo abierto' }),
    ).toHaveAttribute('aria-valuenow', '3');
    expect(within(caja).getByText('Se completaría en unos 2 días')).toBeVisible();
  });

  it("says 'A este ritmo no se completa antes del cierre' when it does not fill in time", async () => {
    const lento = crearProducto({
      nombre: 'Miel de campo 1 kg',
      grupoAbierto: {
        _id: grupoId(1),
        lugaresNecesarios: 10,
        lugaresOcupados: 1,
        prediccion: PREDICCION_NO_LLEGA,
      },
    });
    mockMarketplaceApi({ productos: [lento] });
    renderApp(`/product/${lento._id}`);
    const caja = await compraGrupal();
    expect(within(caja).getByText('1 de 10 lugares ocupados')).toBeVisible();
    expect(within(caja).getByText('A este ritmo no se completa antes del cierre')).toBeVisible();
  });

  it('shows neither progress nor forecast without an open group', async () => {
    const sinGrupo = crearProducto({ nombre: 'Miel de campo 1 kg', grupoAbierto: null });
    mockMarketplaceApi({ productos: [sinGrupo] });
    renderApp(`/product/${sinGrupo._id}`);
    const caja = await compraGrupal();
    expect(within(caja).queryByRole('progressbar')).toBeNull();
    expect(within(caja).queryByText(/lugares ocupados/)).toBeNull();
    expect(within(caja).queryByText(/^Se completaría/)).toBeNull();
  });

  it('reads the product again when its open group moves or a new group opens', async () => {
    const productos = [miel];
    const { calls } = mockMarketplaceApi({ productos, tiendas: [tienda] });
    const lecturas = () => calls.filter((c) => c.url.endsWith(`/api/producto/${miel._id}`)).length;
    renderApp(path);
    const caja = await compraGrupal();
    const antes = lecturas();
    const evento = {
      grupoId: grupoId(1),
      estado: 'abierto',
      lugaresOcupados: 7,
      lugaresNecesarios: 10,
      participantesCount: 4,
      productoNombre: 'Miel de campo 1 kg',
    };
    // Another group's update is not this page's.
    emitir('grupoActualizado', { ...evento, grupoId: grupoId(9) });
    productos[0] = {
      ...miel,
      grupoAbierto: {
        _id: grupoId(1),
        lugaresNecesarios: 10,
        lugaresOcupados: 7,
        prediccion: prediccionEnDias(0.1),
      },
    };
    emitir('grupoActualizado', evento);
    expect(await within(caja).findByText('7 de 10 lugares ocupados')).toBeVisible();
    expect(within(caja).getByText('Se completaría en unas horas')).toBeVisible();
    expect(lecturas()).toBe(antes + 1);

    // It filled: the next group opens with no one in it yet.
    productos[0] = {
      ...miel,
      grupoAbierto: {
        _id: grupoId(2),
        lugaresNecesarios: 10,
        lugaresOcupados: 0,
        prediccion: { fecha: null, motivo: 'sin_datos' },
      },
    };
    emitir('nuevoGrupoCreado', { productoId: miel._id, productoNombre: 'Miel de campo 1 kg' });
    expect(await within(caja).findByText('0 de 10 lugares ocupados')).toBeVisible();
    expect(within(caja).queryByText(/^Se completaría/)).toBeNull();
  });
});
