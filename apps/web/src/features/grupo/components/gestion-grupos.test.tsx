import {
  cerrarGrupoResponseSchema,
  type GrupoDeCompra,
  gruposDeTiendaResponseSchema,
  tiendaPorUsuarioResponseSchema,
} from '@compra-grupal/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import {
  crearGrupoDeCompra,
  grupoId,
  PREDICCION_NO_LLEGA,
  prediccionEnDias,
} from '@/test/grupo-api';
import { crearTiendaDelVendedor } from '@/test/mi-tienda-api';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';
import { GestionGrupos } from './gestion-grupos';

const realtime = vi.hoisted(() => ({
  oyentes: new Map<string, Set<(payload: unknown) => void>>(),
  salas: new Set<string>(),
}));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: (
    room: { kind: string; id: string } | null,
    event: string,
    listener: (payload: unknown) => void,
  ) => {
    const oyentes = realtime.oyentes.get(event) ?? new Set();
    oyentes.add(listener);
    realtime.oyentes.set(event, oyentes);
    if (room) realtime.salas.add(`${room.kind}:${room.id}`);
    return () => oyentes.delete(listener);
  },
}));

const TIENDA_ID = 'a30000000000000000000001';
const PRODUCTO_ID = 'b30000000000000000000001';
const OTRO_PRODUCTO_ID = 'b30000000000000000000002';

function mockApi({
  grupos,
  gruposStatus = 200,
  cerrar = 'ok' as 'ok' | 400,
  mensajeCierre = 'Grupo cerrado correctamente',
}: {
  grupos: GrupoDeCompra[];
  gruposStatus?: number;
  cerrar?: 'ok' | 400;
  mensajeCierre?: string;
}) {
  const estado = { grupos, pedidos: 0 };
  const mock = mockFetch(({ url }) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === `/api/tienda/por-usuario/${USER_ID}`) {
      return contractJson(tiendaPorUsuarioResponseSchema, {
        tienda: crearTiendaDelVendedor({
          _id: TIENDA_ID,
          descripcion: 'Frutas y verduras',
          logo: null,
        }),
      });
    }
    if (path === `/api/grupoDeCompra/grupos/tienda/${TIENDA_ID}`) {
      estado.pedidos += 1;
      if (gruposStatus !== 200) return json({ error: 'Falló' }, gruposStatus, 'Server Error');
      return contractJson(gruposDeTiendaResponseSchema, { grupos: estado.grupos });
    }
    if (path.startsWith('/api/grupoDeCompra/cerrarGrupo/')) {
      if (cerrar === 400) {
        return json({ error: 'El grupo ya está cerrado', code: 'GRUPO_YA_CERRADO' }, 400);
      }
      estado.grupos = estado.grupos.map((g) => ({ ...g, estado: 'cerrado' as const }));
      return contractJson(cerrarGrupoResponseSchema, {
        mensaje: mensajeCierre,
        lugaresOcupados: 3,
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
  return { ...mock, estado };
}

function renderGestion() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <GestionGrupos usuarioId={USER_ID} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

const abierto = crearGrupoDeCompra({
  _id: grupoId(1),
  estado: 'abierto',
  lugaresOcupados: 3,
  lugaresNecesarios: 10,
  fechaCreacion: '2026-11-05T17:30:00.000Z',
  productoId: {
    _id: PRODUCTO_ID,
    nombre: 'Tomate perita 1 kg',
    descripcion: 'Cosecha de la semana.',
    imagen: null,
    precio: 1890.5,
    stock: 25,
  },
  participantes: [
    { usuarioId: '65a1f0c2e4b0a1b2c3aabbcc', cantidad: 2 },
    { usuarioId: '65a1f0c2e4b0a1b2c3ddeeff', cantidad: 1 },
  ],
});
const cerrado = crearGrupoDeCompra({
  _id: grupoId(2),
  estado: 'cerrado',
  lugaresOcupados: 10,
  productoId: { ...abierto.productoId, _id: OTRO_PRODUCTO_ID, nombre: 'Papa negra 5 kg' },
});
const completado = crearGrupoDeCompra({
  _id: grupoId(3),
  estado: 'completado',
  productoId: { ...abierto.productoId, nombre: 'Zapallo anco' },
});

function tarjeta(nombre: string): HTMLElement {
  return screen.getByRole('listitem', { name: nombre });
}

describe('Gestión de Grupos', () => {
  beforeEach(() => {
    realtime.oyentes.clear();
    realtime.salas.clear();
    storeToken(makeToken());
  });

  it('shows each group: product, state badge, price, places, stock, date and participants', async () => {
    mockApi({ grupos: [abierto, cerrado, completado] });
    renderGestion();
    const card = await screen.findByRole('listitem', { name: 'Tomate perita 1 kg' });
    expect(within(card).getByText('Cosecha de la semana.')).toBeVisible();
    expect(within(card).getByText('$ 1.890,50')).toBeVisible();
    expect(within(card).getByText('3 / 10')).toBeVisible();
    expect(within(card).getByText('Stock').nextElementSibling).toHaveTextContent('25');
    expect(within(card).getByText('5 de nov de 2026, 14:30')).toBeVisible();
    const participantes = within(card).getAllByText(/^Usuario #/);
    expect(participantes.map((p) => p.textContent)).toEqual(['Usuario #aabbcc', 'Usuario #ddeeff']);
    expect(participantes[0]?.parentElement).toHaveTextContent('2 unidades');
    expect(within(card).getByRole('img', { name: 'Tomate perita 1 kg' })).toBeVisible();

    // Badges: abierto default, cerrado secondary, completado destructive.
    expect(within(card).getByText('Abierto')).toHaveClass('bg-primary');
    expect(within(tarjeta('Papa negra 5 kg')).getByText('Cerrado')).toHaveClass('bg-secondary');
    expect(within(tarjeta('Zapallo anco')).getByText('Completado')).toHaveClass(
      'bg-destructive/10',
      'text-destructive-strong',
    );
    // Only open groups can be closed.
    expect(within(card).getByRole('button', { name: 'Cerrar Grupo' })).toBeVisible();
    expect(within(tarjeta('Papa negra 5 kg')).queryByRole('button')).toBeNull();
    expect(within(tarjeta('Zapallo anco')).queryByRole('button')).toBeNull();

    // Live: the store's room and each product's.
    expect(realtime.salas).toEqual(
      new Set([`tienda:${TIENDA_ID}`, `producto:${PRODUCTO_ID}`, `producto:${OTRO_PRODUCTO_ID}`]),
    );
  });

  it('shows when each open group would fill, and nothing on a group that is not open', async () => {
    const deOtraTienda = { ...abierto.productoId, _id: OTRO_PRODUCTO_ID };
    mockApi({
      grupos: [
        { ...abierto, prediccion: prediccionEnDias(14) },
        {
          ...abierto,
          _id: grupoId(4),
          productoId: { ...deOtraTienda, nombre: 'Cebolla 3 kg' },
          prediccion: PREDICCION_NO_LLEGA,
        },
        // The API sends none for a closed group; the card would not show a stale one either.
        { ...cerrado, prediccion: prediccionEnDias(3) },
      ],
    });
    renderGestion();
    const card = await screen.findByRole('listitem', { name: 'Tomate perita 1 kg' });
    expect(within(card).getByText('Se completaría en unas 2 semanas')).toBeVisible();
    const cebolla = tarjeta('Cebolla 3 kg');
    expect(within(cebolla).getByText('A este ritmo no se completa antes del cierre')).toBeVisible();
    const papa = tarjeta('Papa negra 5 kg');
    expect(within(papa).queryByText(/^Se completaría/)).toBeNull();
    expect(papa.querySelector('[data-slot="prediccion-del-grupo"]')).toBeNull();
  });

  it("says 'No hay grupos de compra' without groups", async () => {
    mockApi({ grupos: [] });
    renderGestion();
    expect(await screen.findByRole('heading', { name: 'No hay grupos de compra' })).toBeVisible();
  });

  it("says 'No se pudieron cargar los grupos de compra' when the list fails", async () => {
    mockApi({ grupos: [], gruposStatus: 500 });
    renderGestion();
    await expectToast('Error', 'No se pudieron cargar los grupos de compra');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it("'Cerrar Grupo' asks 'Confirmar cierre' and closes: 'Grupo cerrado'", async () => {
    const { calls } = mockApi({ grupos: [abierto] });
    const { user } = renderGestion();
    const card = await screen.findByRole('listitem', { name: 'Tomate perita 1 kg' });
    await user.click(within(card).getByRole('button', { name: 'Cerrar Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    expect(dialog).toHaveAccessibleDescription(/3 de 10 lugares ocupados/);
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar Grupo' }));
    await expectToast('Grupo cerrado', 'Grupo cerrado correctamente');
    expect(calls.some((c) => c.url.endsWith(`/api/grupoDeCompra/cerrarGrupo/${grupoId(1)}`))).toBe(
      true,
    );
    await waitFor(() =>
      expect(within(tarjeta('Tomate perita 1 kg')).getByText('Cerrado')).toBeVisible(),
    );
  });

  it("says 'Grupo cerrado' once when that is all the server answers", async () => {
    mockApi({ grupos: [abierto], mensajeCierre: 'Grupo cerrado' });
    const { user } = renderGestion();
    const card = await screen.findByRole('listitem', { name: 'Tomate perita 1 kg' });
    await user.click(within(card).getByRole('button', { name: 'Cerrar Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar cierre' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar Grupo' }));
    const toast = await expectToast('Grupo cerrado');
    expect(within(toast).getAllByText('Grupo cerrado')).toHaveLength(1);
    expect(toast.querySelector('[data-description]')).toBeNull();
  });

  it('reloads the list on a realtime event', async () => {
    const { estado } = mockApi({ grupos: [abierto] });
    renderGestion();
    await screen.findByRole('listitem', { name: 'Tomate perita 1 kg' });
    estado.grupos = [abierto, cerrado];
    act(() => {
      for (const oyente of realtime.oyentes.get('nuevoGrupoCreado') ?? []) {
        oyente({ productoId: OTRO_PRODUCTO_ID, productoNombre: 'Papa negra 5 kg' });
      }
    });
    expect(await screen.findByRole('listitem', { name: 'Papa negra 5 kg' })).toBeVisible();
  });
});
