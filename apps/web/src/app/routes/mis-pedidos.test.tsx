import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, json } from '@/test/fetch';
import {
  crearGrupoDePedido,
  crearPedidoConGrupos,
  grupoId,
  mockPedidosApi,
  pedidoId,
  pedidosConGruposJson,
  productoId,
  TIENDA_PEDIDOS_A,
  TIENDA_PEDIDOS_B,
} from '@/test/pedidos-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken, USER_ID } from '@/test/tokens';

/** The socket: the test emits the server's events itself and sees the rooms held. */
const realtime = vi.hoisted(() => ({
  oyentes: new Map<string, Set<(payload: unknown) => void>>(),
  salas: [] as string[],
  alReconectar: new Set<() => void>(),
}));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: (handler: () => void) => {
    realtime.alReconectar.add(handler);
    return () => realtime.alReconectar.delete(handler);
  },
  subscribeRealtime: (
    room: { kind: string; id: string } | null,
    event: string,
    listener: (payload: unknown) => void,
  ) => {
    const oyentes = realtime.oyentes.get(event) ?? new Set();
    oyentes.add(listener);
    realtime.oyentes.set(event, oyentes);
    const sala = room ? `${room.kind}:${room.id}` : null;
    if (sala) realtime.salas.push(sala);
    return () => {
      oyentes.delete(listener);
      if (sala) realtime.salas.splice(realtime.salas.indexOf(sala), 1);
    };
  },
}));

function emitir(event: string, payload: unknown) {
  act(() => {
    for (const oyente of [...(realtime.oyentes.get(event) ?? [])]) oyente(payload);
  });
}

const lecturas = (calls: readonly FetchCall[]) =>
  calls.filter((call) => call.url.endsWith('/api/pedido/obtenerPedidosConGruposPorUsuario'));

/** One order per tab, and one whose only group was cancelled. */
const enCurso = crearPedidoConGrupos({
  _id: pedidoId(1),
  fechaCreacion: '2026-11-20T12:00:00.000Z',
  grupoIds: [
    crearGrupoDePedido({
      _id: grupoId(1),
      estado: 'abierto',
      lugaresOcupados: 6,
      fechaLimite: '2099-12-31T23:00:00.000Z',
    }),
  ],
});
const completo = crearPedidoConGrupos({
  _id: pedidoId(2),
  fechaCreacion: '2026-11-18T12:00:00.000Z',
  estado: 'completo',
  codigo: 'H4TR7W',
  total: 21245.5,
  productos: [
    {
      productoId: productoId(2),
      cantidadSolicitada: 1,
      nombre: 'Aceite de oliva 500 ml',
      imagen: null,
      precio: 8000,
      tiendaId: TIENDA_PEDIDOS_A,
    },
    {
      productoId: productoId(3),
      cantidadSolicitada: 3,
      nombre: null,
      imagen: null,
      precio: 4415.17,
      tiendaId: TIENDA_PEDIDOS_B,
    },
  ],
  grupoIds: [
    crearGrupoDePedido({
      _id: grupoId(2),
      productoId: productoId(2),
      estado: 'cerrado',
      lugaresOcupados: 10,
      cantidad: 1,
    }),
    crearGrupoDePedido({
      _id: grupoId(3),
      productoId: productoId(3),
      estado: 'completado',
      lugaresOcupados: 5,
      lugaresNecesarios: 5,
      cantidad: 3,
    }),
  ],
  partes: [
    {
      tiendaId: TIENDA_PEDIDOS_A,
      tiendaNombre: 'Almacén Don Pepe',
      estadoPago: 'aprobado',
      estado: 'lista',
      reembolsado: 0,
      entregado: false,
      entregadoEn: null,
    },
    {
      tiendaId: TIENDA_PEDIDOS_B,
      tiendaNombre: 'Verdulería Lola',
      estadoPago: 'aprobado',
      estado: 'entregada',
      reembolsado: 0,
      entregado: true,
      entregadoEn: '2026-11-21T15:00:00.000Z',
    },
  ],
});
const entregado = crearPedidoConGrupos({
  _id: pedidoId(3),
  fechaCreacion: '2026-11-01T12:00:00.000Z',
  entregado: true,
  estado: 'entregado',
  codigo: 'ZZZ999',
  grupoIds: [crearGrupoDePedido({ _id: grupoId(4), estado: 'completado', lugaresOcupados: 10 })],
  partes: [
    {
      tiendaId: TIENDA_PEDIDOS_A,
      tiendaNombre: 'Almacén Don Pepe',
      estadoPago: 'aprobado',
      estado: 'entregada',
      reembolsado: 0,
      entregado: true,
      entregadoEn: '2026-11-03T15:00:00.000Z',
    },
  ],
});
const cancelado = crearPedidoConGrupos({
  _id: pedidoId(4),
  fechaCreacion: '2026-11-10T12:00:00.000Z',
  codigo: 'CCC111',
  estado: 'reembolsado',
  partes: [
    {
      tiendaId: TIENDA_PEDIDOS_A,
      tiendaNombre: 'Almacén Don Pepe',
      estadoPago: 'reembolsado',
      estado: 'reembolsada',
      reembolsado: 10845.5,
      entregado: false,
      entregadoEn: null,
    },
  ],
  grupoIds: [
    crearGrupoDePedido({
      _id: grupoId(5),
      estado: 'cancelado',
      lugaresOcupados: 4,
      reembolso: { monto: 10845.5, estado: 'reembolsado', fecha: '2026-11-12T10:00:00.000Z' },
    }),
  ],
});

function tab(nombre: RegExp) {
  return screen.getByRole('tab', { name: nombre });
}

function tarjetas() {
  return within(screen.getByRole('tabpanel')).queryAllByRole('article');
}

describe('/my-orders', () => {
  beforeEach(() => {
    storeToken();
    realtime.oyentes.clear();
    realtime.salas.length = 0;
    realtime.alReconectar.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("puts each order in its tab by the state the API computes, with its number '#' + 6", async () => {
    const { calls } = mockPedidosApi(
      pedidosConGruposJson([entregado, cancelado, completo, enCurso]),
    );
    const { user } = renderApp('/my-orders');
    expect(await screen.findByRole('tablist', { name: 'Estado de los pedidos' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Mis Pedidos' })).toBeVisible();
    expect(tab(/^En curso/)).toHaveTextContent('En curso1');
    expect(tab(/^Completados/)).toHaveTextContent('Completados1');
    expect(tab(/^Entregados/)).toHaveTextContent('Entregados1');
    expect(tab(/^Cancelados/)).toHaveTextContent('Cancelados1');

    // En curso: only the order that still goes on; the cancelled one has left it (issue 32).
    expect(tab(/^En curso/)).toHaveAttribute('aria-selected', 'true');
    const [abierto] = tarjetas() as [HTMLElement];
    expect(tarjetas()).toHaveLength(1);
    expect(abierto).toHaveAccessibleName('Pedido #000001');
    expect(within(abierto).getByText('En proceso')).toBeVisible();
    expect(within(abierto).getByText('$ 10.845,50')).toBeVisible();
    expect(within(abierto).queryByText('Enviando')).toBeNull();
    expect(within(abierto).queryByText('K7QX9P')).toBeNull();

    await user.click(tab(/^Completados/));
    expect(tarjetas()).toHaveLength(1);
    const [lleno] = tarjetas() as [HTMLElement];
    expect(lleno).toHaveAccessibleName('Pedido #000002');
    expect(within(lleno).getByText('Completo')).toBeVisible();
    expect(within(lleno).getByRole('heading', { name: 'Enviando' })).toBeVisible();
    expect(within(lleno).getByRole('status', { name: 'Código de entrega' })).toHaveTextContent(
      'H4TR7W',
    );

    await user.click(tab(/^Entregados/));
    const [recibido] = tarjetas() as [HTMLElement];
    expect(recibido).toHaveAccessibleName('Pedido #000003');
    expect(within(recibido).getByText('Entregado')).toBeVisible();
    expect(within(recibido).queryByText('ZZZ999')).toBeNull();
    expect(within(recibido).queryByText('Enviando')).toBeNull();

    await user.click(tab(/^Cancelados/));
    const [sinGrupos] = tarjetas() as [HTMLElement];
    expect(tarjetas()).toHaveLength(1);
    expect(sinGrupos).toHaveAccessibleName('Pedido #000004');
    expect(within(sinGrupos).getByText('Cancelado', { selector: '[data-estado]' })).toBeVisible();

    const [llamada] = lecturas(calls);
    expect(llamada?.method).toBe('POST');
    expect(JSON.parse(String(llamada?.body))).toEqual({ usuarioId: USER_ID });

    const { violations } = await axe.run(screen.getByRole('main'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(
      violations.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.html).join(' | ')}`),
    ).toEqual([]);
  });

  it('opens a card: each seller part with its products, groups and delivery state', async () => {
    mockPedidosApi(pedidosConGruposJson([completo]));
    const { user } = renderApp('/my-orders');
    // The only order is complete: its tab shows first.
    const boton = await screen.findByRole('button', { name: /Pedido #000002/ });
    expect(tab(/^Completados/)).toHaveAttribute('aria-selected', 'true');
    expect(boton).toHaveAttribute('aria-expanded', 'false');
    await user.click(boton);
    expect(boton).toHaveAttribute('aria-expanded', 'true');
    const detalle = screen.getByRole('region', { name: 'Pedido #000002' });
    const almacen = within(detalle).getByRole('region', { name: 'Almacén Don Pepe' });
    expect(within(almacen).getByText('Aceite de oliva 500 ml')).toBeVisible();
    expect(within(almacen).getByText('Listo para entregar')).toBeVisible();
    expect(within(almacen).getByText('Cerrado')).toHaveAttribute('data-estado', 'cerrado');
    expect(within(almacen).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    const verduleria = within(detalle).getByRole('region', { name: 'Verdulería Lola' });
    expect(within(verduleria).getByText('Producto no encontrado')).toBeVisible();
    expect(within(verduleria).getByText('Entregado')).toBeVisible();
    expect(within(verduleria).getByText('Completado')).toHaveAttribute('data-estado', 'completado');
    expect(within(detalle).getByText(/Av\. Corrientes 1234, Depto 3B/)).toBeVisible();

    // The keyboard closes it again.
    boton.focus();
    await user.keyboard('{Enter}');
    expect(boton).toHaveAttribute('aria-expanded', 'false');
  });

  it("links each group of an open card to its page: 'Ver grupo'", async () => {
    mockPedidosApi(pedidosConGruposJson([completo]));
    const { user } = renderApp('/my-orders');
    await user.click(await screen.findByRole('button', { name: /Pedido #000002/ }));
    const detalle = screen.getByRole('region', { name: 'Pedido #000002' });
    const enlaces = within(detalle).getAllByRole('link', { name: /^Ver grupo de / });
    expect(enlaces.map((enlace) => enlace.getAttribute('href'))).toEqual(
      completo.grupoIds.map((grupo) => `/group/${grupo._id}`),
    );
  });

  it('shows a cancelled group in red with its refund', async () => {
    const enCursoDeReembolso = crearPedidoConGrupos({
      _id: pedidoId(5),
      estado: 'reembolsado',
      partes: cancelado.partes.map((parte) => ({ ...parte, reembolsado: 1500 })),
      grupoIds: [
        crearGrupoDePedido({
          _id: grupoId(6),
          estado: 'cancelado',
          reembolso: { monto: 1500, estado: 'pendiente', fecha: null },
        }),
      ],
    });
    mockPedidosApi(pedidosConGruposJson([cancelado, enCursoDeReembolso]));
    const { user } = renderApp('/my-orders');
    await user.click(await screen.findByRole('button', { name: /Pedido #000004/ }));
    const detalle = screen.getByRole('region', { name: 'Pedido #000004' });
    const badge = within(detalle).getByText('Cancelado', { selector: '[data-slot="badge"]' });
    expect(badge).toHaveClass('bg-red-600');
    expect(within(detalle).getByText('Reembolsado $ 10.845,50')).toBeVisible();
    expect(within(detalle).getByText('Sin entrega: grupo cancelado')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Pedido #000005/ }));
    const otro = screen.getByRole('region', { name: 'Pedido #000005' });
    expect(within(otro).getByText('Reembolso en curso $ 1.500,00')).toBeVisible();
  });

  it("shows the API's states, not its own reading of the groups: order, each part, a partial refund", async () => {
    // The groups look full, but the API says a part still waits: En curso, 'En proceso'.
    const pedido = crearPedidoConGrupos({
      _id: 'f400000000000000aa67bd0d',
      estado: 'en_proceso',
      productos: [
        ...completo.productos.map((producto) => ({ ...producto })),
        {
          productoId: productoId(4),
          cantidadSolicitada: 1,
          nombre: 'Queso de campo',
          imagen: null,
          precio: 2500,
          tiendaId: TIENDA_PEDIDOS_B,
        },
      ],
      grupoIds: completo.grupoIds.map((grupo) => ({ ...grupo, estado: 'cerrado' as const })),
      partes: [
        {
          tiendaId: TIENDA_PEDIDOS_A,
          tiendaNombre: 'Almacén Don Pepe',
          estadoPago: 'aprobado',
          estado: 'esperando_grupo',
          reembolsado: 0,
          entregado: false,
          entregadoEn: null,
        },
        {
          tiendaId: TIENDA_PEDIDOS_B,
          tiendaNombre: 'Verdulería Lola',
          estadoPago: 'aprobado',
          estado: 'lista',
          reembolsado: 2500,
          entregado: false,
          entregadoEn: null,
        },
      ],
    });
    mockPedidosApi(pedidosConGruposJson([pedido]));
    const { user } = renderApp('/my-orders');
    const boton = await screen.findByRole('button', { name: /Pedido #67BD0D/ });
    expect(tab(/^En curso/)).toHaveAttribute('aria-selected', 'true');
    expect(within(boton).getByText('En proceso')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Enviando' })).toBeNull();
    await user.click(boton);
    const detalle = screen.getByRole('region', { name: 'Pedido #67BD0D' });
    const almacen = within(detalle).getByRole('region', { name: 'Almacén Don Pepe' });
    expect(within(almacen).getByText('Pendiente de entrega')).toBeVisible();
    const verduleria = within(detalle).getByRole('region', { name: 'Verdulería Lola' });
    expect(within(verduleria).getByText('Listo para entregar')).toBeVisible();
    expect(within(verduleria).getByText('Reembolso parcial $ 2.500,00')).toBeVisible();
  });

  it('shows the deadline of an open group with the time left', async () => {
    mockPedidosApi(pedidosConGruposJson([enCurso]));
    const { user } = renderApp('/my-orders');
    await user.click(await screen.findByRole('button', { name: /Pedido #000001/ }));
    const detalle = screen.getByRole('region', { name: 'Pedido #000001' });
    expect(within(detalle).getByText(/^Cierra el/)).toBeVisible();
    expect(within(detalle).getByText(/^Quedan \d+ días$/)).toBeVisible();
  });

  it('404 means no orders: each tab shows its empty state, not an error', async () => {
    mockPedidosApi();
    const { user } = renderApp('/my-orders');
    expect(
      await screen.findByRole('heading', { name: 'No tienes pedidos en curso' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explorar tiendas' })).toHaveAttribute('href', '/');
    await user.click(tab(/^Completados/));
    expect(screen.getByRole('heading', { name: 'No tienes pedidos completados' })).toBeVisible();
    await user.click(tab(/^Entregados/));
    expect(screen.getByRole('heading', { name: 'Aún no tienes pedidos entregados' })).toBeVisible();
    await user.click(tab(/^Cancelados/));
    expect(screen.getByRole('heading', { name: 'No tienes pedidos cancelados' })).toBeVisible();
    expect(screen.queryByText('No se pudieron cargar los pedidos')).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    mockPedidosApi(pedidosConGruposJson([enCurso]));
    const { user } = renderApp('/my-orders');
    await screen.findByRole('button', { name: /Pedido #000001/ });
    tab(/^En curso/).focus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^Completados/)).toHaveFocus();
    expect(tab(/^Completados/)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab(/^Cancelados/)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab(/^En curso/)).toHaveFocus();
  });

  it("a failure says 'No se pudieron cargar los pedidos' and offers a retry", async () => {
    let falla = true;
    mockPedidosApi(() => (falla ? json({ error: 'Falló' }, 500) : pedidosConGruposJson([enCurso])));
    const { user } = renderApp('/my-orders');
    const aviso = await expectToast('No se pudieron cargar los pedidos');
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('heading', { name: 'Error al cargar los pedidos' })).toBeVisible();
    falla = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: /Pedido #000001/ })).toBeVisible();
  });

  it("follows its groups live: places move, and 'Grupo completado' moves the order to Completados", async () => {
    let pedidos = [enCurso];
    const { calls } = mockPedidosApi(() => pedidosConGruposJson(pedidos));
    const { user } = renderApp('/my-orders');
    await user.click(await screen.findByRole('button', { name: /Pedido #000001/ }));
    expect(realtime.salas).toContain(`grupo:${grupoId(1)}`);

    const evento = {
      grupoId: grupoId(1),
      estado: 'abierto',
      lugaresOcupados: 9,
      lugaresNecesarios: 10,
      participantesCount: 5,
      productoNombre: 'Yerba mate 1 kg',
    };
    emitir('grupoActualizado', evento);
    expect(await screen.findByText('9 de 10 lugares')).toBeVisible();
    // Another group's update changes nothing.
    emitir('grupoActualizado', { ...evento, grupoId: grupoId(9), lugaresOcupados: 1 });
    expect(screen.getByText('9 de 10 lugares')).toBeVisible();

    const antes = lecturas(calls).length;
    pedidos = [
      {
        ...enCurso,
        estado: 'completo' as const,
        grupoIds: enCurso.grupoIds.map((grupo) => ({
          ...grupo,
          estado: 'cerrado' as const,
          lugaresOcupados: 10,
        })),
      },
    ];
    emitir('grupoActualizado', { ...evento, estado: 'cerrado', lugaresOcupados: 10 });
    await expectToast('Grupo completado');
    await waitFor(() => expect(lecturas(calls).length).toBe(antes + 1));
    // The tab follows the state the API sends again.
    await waitFor(() => expect(tab(/^En curso/)).toHaveTextContent('En curso0'));
    expect(tab(/^Completados/)).toHaveTextContent('Completados1');
    await user.click(tab(/^Completados/));
    const [lleno] = tarjetas() as [HTMLElement];
    expect(within(lleno).getByRole('status', { name: 'Código de entrega' })).toHaveTextContent(
      'K7QX9P',
    );
  });

  it('reads the orders again after the connection comes back, and leaves the rooms on leaving', async () => {
    const { calls } = mockPedidosApi(pedidosConGruposJson([enCurso, entregado]));
    const { unmount } = renderApp('/my-orders');
    await screen.findByRole('button', { name: /Pedido #000001/ });
    // Only groups that can still change: the delivered order's group is done.
    expect(realtime.salas).toEqual([`grupo:${grupoId(1)}`, `grupo:${grupoId(1)}`]);
    const antes = lecturas(calls).length;
    act(() => {
      for (const alReconectar of realtime.alReconectar) alReconectar();
    });
    await waitFor(() => expect(lecturas(calls).length).toBe(antes + 1));
    unmount();
    expect(realtime.salas).toEqual([]);
  });

  it('without a token goes to /login', async () => {
    localStorage.removeItem('accessToken');
    window.dispatchEvent(new Event('authChange'));
    const { calls } = mockPedidosApi();
    const { router } = renderApp('/my-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/my-orders');
    expect(lecturas(calls)).toHaveLength(0);
  });
});
