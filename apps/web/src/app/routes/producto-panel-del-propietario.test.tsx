import {
  cerrarGrupoResponseSchema,
  ERROR_MESSAGES,
  esPropietarioResponseSchema,
  type GrupoAbierto,
  gruposAbiertosResponseSchema,
} from '@compra-grupal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { crearGrupoAbierto, grupoId, prediccionEnDias } from '@/test/grupo-api';
import { crearProducto } from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

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

const producto = crearProducto({ nombre: 'Miel de campo 1 kg', stock: 30 });
const path = `/product/${producto._id}`;

function mockApi({
  esPropietario = true,
  grupos = [crearGrupoAbierto({ _id: grupoId(1) })] as GrupoAbierto[],
  cerrar = 'ok' as 'ok' | 400 | 500,
} = {}) {
  const estado = { grupos, pedidosDeGrupos: 0 };
  const mock = mockFetch(({ url, method }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === `/api/producto/${producto._id}`) return json(producto);
    if (path === `/api/producto/esPropietario/${producto._id}/${USER_ID}`) {
      return contractJson(esPropietarioResponseSchema, { esPropietario });
    }
    if (path === `/api/grupoDeCompra/gruposAbiertos/producto/${producto._id}`) {
      estado.pedidosDeGrupos += 1;
      return contractJson(gruposAbiertosResponseSchema, { grupos: estado.grupos });
    }
    if (method === 'POST' && path.startsWith('/api/grupoDeCompra/cerrarGrupo/')) {
      if (cerrar === 400) {
        return json(
          { error: ERROR_MESSAGES.GRUPO_YA_CERRADO, code: 'GRUPO_YA_CERRADO' },
          400,
          'Bad Request',
        );
      }
      if (cerrar === 500) return json({ error: 'Se cayó la base' }, 500, 'Internal Server Error');
      estado.grupos = [];
      return contractJson(cerrarGrupoResponseSchema, {
        mensaje: 'Grupo cerrado con 4 lugares ocupados',
        lugaresOcupados: 4,
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
  return { ...mock, estado };
}

async function panel() {
  return screen.findByRole('region', { name: 'Panel del Propietario' });
}

describe("product page: 'Panel del Propietario'", () => {
  beforeEach(() => {
    realtime.oyentes.clear();
  });

  it('is not there for a visitor or a shopper who does not own the product', async () => {
    const { calls } = mockApi({ esPropietario: false });
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Miel de campo 1 kg' });
    expect(calls.some((call) => call.url.includes('esPropietario'))).toBe(false);

    storeToken(makeToken());
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes('esPropietario'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Panel del Propietario' })).toBeNull();
    expect(calls.some((call) => call.url.includes('gruposAbiertos'))).toBe(false);
  });

  it('lists the open groups with their progress and forecast in a list that scrolls at 384 px', async () => {
    storeToken(makeToken());
    mockApi({
      grupos: [
        crearGrupoAbierto({ _id: grupoId(1), lugaresOcupados: 4, prediccion: prediccionEnDias(5) }),
        crearGrupoAbierto({ _id: grupoId(2), lugaresOcupados: 9 }),
      ],
    });
    renderApp(path);
    const region = await panel();
    const lista = await within(region).findByRole('list');
    expect(lista).toHaveClass('max-h-96', 'overflow-y-auto');
    const items = within(lista).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('4 / 10 lugares')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '4',
    );
    // When each would fill at its pace (decision 052), where there is something to say.
    expect(
      within(items[0] as HTMLElement).getByText('Se completaría en unos 5 días'),
    ).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText('Faltan 1')).toBeVisible();
    expect(within(items[1] as HTMLElement).queryByText(/^Se completaría/)).toBeNull();
    expect(within(region).getByText('2 grupos abiertos')).toBeVisible();
  });

  it("'Cerrar Grupo' asks for confirmation, closes and says 'Grupo cerrado'", async () => {
    storeToken(makeToken());
    const { calls } = mockApi();
    const { user } = renderApp(path);
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Cerrar Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    // Cancelling closes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url.includes('cerrarGrupo'))).toBe(false);

    await user.click(within(region).getByRole('button', { name: 'Cerrar Grupo' }));
    const otra = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    await user.click(within(otra).getByRole('button', { name: 'Cerrar Grupo' }));
    await expectToast('Grupo cerrado', 'Grupo cerrado con 4 lugares ocupados');
    expect(
      calls
        .find((call) => call.url.includes('cerrarGrupo'))
        ?.url.endsWith(`/api/grupoDeCompra/cerrarGrupo/${grupoId(1)}`),
    ).toBe(true);
    expect(
      await within(region).findByText('No hay grupos abiertos para este producto.'),
    ).toBeVisible();
  });

  it("a group already closed (400) says 'Grupo ya cerrado' and to refresh", async () => {
    storeToken(makeToken());
    mockApi({ cerrar: 400 });
    const { user } = renderApp(path);
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Cerrar Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar Grupo' }));
    await expectToast(
      'Grupo ya cerrado',
      'El grupo ya está cerrado. Por favor, actualiza la página para ver los cambios.',
    );
  });

  it("another failure shows the server's text", async () => {
    storeToken(makeToken());
    mockApi({ cerrar: 500 });
    const { user } = renderApp(path);
    const region = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Cerrar Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar Grupo' }));
    await expectToast('No se pudo cerrar el grupo', 'Se cayó la base');
  });

  it('reloads the open groups on nuevoGrupoCreado; stockActualizado moves the stock for everyone', async () => {
    storeToken(makeToken());
    const { estado } = mockApi();
    renderApp(path);
    const region = await panel();
    await within(region).findByText('1 grupo abierto');
    estado.grupos = [...estado.grupos, crearGrupoAbierto({ _id: grupoId(2) })];
    emitir('nuevoGrupoCreado', { productoId: producto._id, productoNombre: producto.nombre });
    expect(await within(region).findByText('2 grupos abiertos')).toBeVisible();

    emitir('stockActualizado', { productoId: producto._id, nuevoStock: 7 });
    expect(await screen.findByText('Stock disponible: 7 unidades')).toBeVisible();
  });
});
