import {
  ERROR_MESSAGES,
  esPropietarioResponseSchema,
  productoEnVentaSchema,
  usuarioEnGrupoResponseSchema,
} from '@compra-grupal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { conSoporte, type FetchCall, json, mockFetch } from '@/test/fetch';
import {
  crearGrupoConProducto,
  GRUPO_ID,
  PREDICCION_NO_LLEGA,
  PREDICCION_SIN_DATOS,
  PRODUCTO_DEL_GRUPO_ID,
  prediccionEnDias,
} from '@/test/grupo-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

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
    for (const oyente of realtime.oyentes.get(event) ?? []) oyente(payload);
  });
}

const path = `/group/${GRUPO_ID}`;

function mockGrupoApi({
  datos = crearGrupoConProducto(),
  estaEnGrupo = false,
  status = 200,
  esPropietario = false,
}: {
  datos?: ReturnType<typeof crearGrupoConProducto>;
  estaEnGrupo?: boolean;
  status?: number;
  esPropietario?: boolean;
} = {}) {
  // What the server holds: a test may move it on (places, forecast) as an event would.
  const estado = { datos };
  const mock = mockFetch(({ url }: FetchCall) => {
    if (url.endsWith(`/api/grupoDeCompra/grupoConProducto/${GRUPO_ID}`)) {
      if (status === 404) {
        return json(
          { error: ERROR_MESSAGES.GRUPO_NO_ENCONTRADO, code: 'GRUPO_NO_ENCONTRADO' },
          404,
          'Not Found',
        );
      }
      return json(estado.datos);
    }
    if (url.endsWith(`/api/producto/esPropietario/${PRODUCTO_DEL_GRUPO_ID}/${USER_ID}`)) {
      return contractJson(esPropietarioResponseSchema, { esPropietario });
    }
    if (url.endsWith(`/api/grupoDeCompra/usuarioEnGrupo/${GRUPO_ID}/${USER_ID}`)) {
      return contractJson(usuarioEnGrupoResponseSchema, { estaEnGrupo });
    }
    if (url.endsWith(`/api/producto/${PRODUCTO_DEL_GRUPO_ID}`)) {
      return contractJson(productoEnVentaSchema, {
        ...datos.producto,
        tienda: { _id: datos.producto.tiendaId, nombre: 'Almacén de prueba' },
        vendedorId: 'd00000000000000000000001',
        categoria: 'Almacén',
        categoriaLocalId: [],
        cantidadTotalGrupo: 10,
        fechaCreacion: '2026-10-01T00:00:00.000Z',
        paquete: { peso: 1, largo: 20, ancho: 15, alto: 10 },
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
  return { ...mock, estado };
}

async function grupoCargado() {
  return screen.findByRole('heading', { level: 2, name: 'Aceite de oliva 500 ml' });
}

function carrito(): unknown {
  return JSON.parse(localStorage.getItem('carrito') ?? 'null');
}

describe('/group/{groupId}', () => {
  beforeEach(() => {
    realtime.oyentes.clear();
    realtime.salas.length = 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows an open group: product, state badge, join and share, and the places', async () => {
    mockGrupoApi();
    renderApp(path);
    await grupoCargado();
    const main = screen.getByRole('main');
    expect(
      within(main).getByRole('heading', { level: 1, name: 'Detalle del Grupo' }),
    ).toBeVisible();
    const badge = main.querySelector('[data-slot="badge"]');
    expect(badge).toHaveTextContent('Abierto');
    expect(badge).toHaveClass('bg-emerald-50');
    expect(within(main).getByText('$ 7.250,00')).toBeVisible();
    expect(within(main).getByText('Extra virgen, primera prensada en frío.')).toBeVisible();
    expect(within(main).getByRole('img', { name: 'Aceite de oliva 500 ml' })).toBeVisible();
    expect(within(main).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(main).getByRole('button', { name: 'Unirse al Grupo' })).toBeEnabled();
    expect(within(main).getByRole('button', { name: 'Compartir Grupo' })).toBeVisible();

    const estado = within(main).getByRole('region', { name: 'Estado del Grupo' });
    expect(within(estado).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '3');
    expect(within(estado).getByText('Faltan 7 lugares para completar')).toBeVisible();
    expect(within(estado).getByText('Ocupados').nextElementSibling).toHaveTextContent('3');
    expect(within(estado).getByText('Restantes').nextElementSibling).toHaveTextContent('7');
    // The group's room (and its product's, for the stock) while on screen.
    expect(realtime.salas).toContain(`grupo:${GRUPO_ID}`);
    expect(realtime.salas).toContain(`producto:${PRODUCTO_DEL_GRUPO_ID}`);
    await waitFor(() =>
      expect(document.title).toBe('Grupo: Aceite de oliva 500 ml · Compra Grupal'),
    );
  });

  it("shows an open group's deadline as a countdown ('Cierra en 2 d 3 h')", async () => {
    const fechaLimite = new Date(Date.now() + ((2 * 24 + 3) * 60 + 30) * 60_000).toISOString();
    mockGrupoApi({ datos: crearGrupoConProducto({ fechaLimite }) });
    renderApp(path);
    await grupoCargado();
    const estado = screen.getByRole('region', { name: 'Estado del Grupo' });
    expect(within(estado).getByText('Cierra en 2 d 3 h')).toBeVisible();
  });

  it('shows no countdown for a group that is no longer open, even with a deadline', async () => {
    const fechaLimite = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
    mockGrupoApi({ datos: crearGrupoConProducto({ status: 'cancelado', fechaLimite }) });
    renderApp(path);
    await grupoCargado();
    expect(screen.queryByText(/^Cierra en/)).toBeNull();
  });

  it("shows when an open group would fill at its pace: 'Se completaría en unos 2 días'", async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ prediccion: prediccionEnDias(2) }) });
    renderApp(path);
    await grupoCargado();
    const estado = screen.getByRole('region', { name: 'Estado del Grupo' });
    const prediccion = await within(estado).findByText('Se completaría en unos 2 días');
    expect(prediccion).toBeVisible();
    // Words only, never a date or a time.
    expect(prediccion.closest('[data-slot="prediccion-del-grupo"]')).not.toHaveTextContent(/\d:\d/);
  });

  it("says 'A este ritmo no se completa antes del cierre' in amber when it does not fill in time", async () => {
    const fechaLimite = new Date(Date.now() + (3 * 60 + 30) * 60_000).toISOString();
    mockGrupoApi({
      datos: crearGrupoConProducto({ fechaLimite, prediccion: PREDICCION_NO_LLEGA }),
    });
    renderApp(path);
    await grupoCargado();
    const estado = screen.getByRole('region', { name: 'Estado del Grupo' });
    const aviso = await within(estado).findByText('A este ritmo no se completa antes del cierre');
    expect(aviso.closest('[data-slot="prediccion-del-grupo"]')).toHaveClass(
      'text-highlight-foreground',
    );
    expect(within(estado).getByText(/^Cierra en 3 h/)).toBeVisible();
  });

  it('shows no forecast without data, and none for a group that is no longer open', async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ prediccion: PREDICCION_SIN_DATOS }) });
    const { unmount } = renderApp(path);
    await grupoCargado();
    expect(screen.getByText('Faltan 7 lugares para completar')).toBeVisible();
    expect(screen.queryByText(/^Se completaría/)).toBeNull();
    expect(document.querySelector('[data-slot="prediccion-del-grupo"]')).toBeNull();
    unmount();

    mockGrupoApi({
      datos: crearGrupoConProducto({ status: 'completado', prediccion: prediccionEnDias(2) }),
    });
    renderApp(path);
    await grupoCargado();
    expect(screen.getByRole('region', { name: 'Estado del Grupo' })).toBeVisible();
    expect(screen.queryByText(/^Se completaría/)).toBeNull();
  });

  it("a full group reads 'Grupo completo' and offers no join", async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ lugaresOcupados: 10 }) });
    renderApp(path);
    await grupoCargado();
    expect(screen.getByText('Grupo completo')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Compartir Grupo' })).toBeVisible();
  });

  it("shows a closed group: 'Estado de Entrega', 'En proceso de envío', support, no join or share", async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ status: 'cerrado', lugaresOcupados: 10 }) });
    conSoporte({ telefono: '+54 11 4321-5678', email: 'ayuda@ejemplo.com.ar' });
    renderApp(path);
    await grupoCargado();
    const main = screen.getByRole('main');
    expect(main.querySelector('[data-slot="badge"]')).toHaveTextContent('Cerrado');
    const entrega = within(main).getByRole('region', { name: 'Estado de Entrega' });
    expect(within(entrega).getByText('En proceso de envío')).toBeVisible();
    // The configured contact, as configured.
    expect(
      await within(entrega).findByRole('link', { name: 'Llamar a soporte: +54 11 4321-5678' }),
    ).toHaveAttribute('href', 'tel:+541143215678');
    expect(within(entrega).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      'https://wa.me/541143215678',
    );
    expect(within(entrega).getByRole('link', { name: /ayuda@ejemplo\.com\.ar/ })).toHaveAttribute(
      'href',
      'mailto:ayuda@ejemplo.com.ar',
    );
    expect(within(main).queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Compartir Grupo' })).toBeNull();
    expect(within(main).queryByRole('region', { name: 'Estado del Grupo' })).toBeNull();
  });

  it('a cancelled group says so and offers neither joining nor sharing (issue 32)', async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ status: 'cancelado', lugaresOcupados: 2 }) });
    renderApp(path);
    await grupoCargado();
    const main = screen.getByRole('main');
    expect(main.querySelector('[data-slot="badge"]')).toHaveTextContent('Cancelado');
    const cancelado = within(main).getByRole('region', { name: 'Grupo cancelado' });
    expect(cancelado).toHaveTextContent('ya no admite participantes');
    expect(cancelado).toHaveTextContent('Se canceló con 2 de 10 lugares ocupados.');
    expect(within(cancelado).getByRole('link', { name: 'Ver el producto' })).toHaveAttribute(
      'href',
      `/product/${PRODUCTO_DEL_GRUPO_ID}`,
    );
    expect(within(main).queryByText(/Faltan \d+ lugares/)).toBeNull();
    expect(within(main).queryByRole('region', { name: 'Estado del Grupo' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Completar Grupo' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Compartir Grupo' })).toBeNull();
  });

  it('a group cancelled while on screen (grupoActualizado) stops offering to join and share', async () => {
    storeToken();
    mockGrupoApi();
    renderApp(path);
    await grupoCargado();
    expect(screen.getByRole('button', { name: 'Compartir Grupo' })).toBeVisible();
    emitir('grupoActualizado', {
      grupoId: GRUPO_ID,
      estado: 'cancelado',
      lugaresOcupados: 3,
      lugaresNecesarios: 10,
      participantesCount: 2,
      productoNombre: 'Aceite de oliva 500 ml',
    });
    expect(await screen.findByRole('region', { name: 'Grupo cancelado' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Compartir Grupo' })).toBeNull();
  });

  it('shows no support number when none is configured: Mis Pedidos instead', async () => {
    mockGrupoApi({ datos: crearGrupoConProducto({ status: 'cerrado', lugaresOcupados: 10 }) });
    const { queryClient } = renderApp(path);
    await grupoCargado();
    await waitFor(() =>
      expect(queryClient.getQueryData(['soporte'])).toEqual({ telefono: null, email: null }),
    );
    const entrega = screen.getByRole('region', { name: 'Estado de Entrega' });
    expect(await within(entrega).findByRole('link', { name: 'Mis Pedidos' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(within(entrega).queryByRole('link', { name: /Llamar a soporte|WhatsApp/ })).toBeNull();
    expect(entrega).not.toHaveTextContent(/\d{4}-\d{4}/);
  });

  it("reads the state case-insensitively: 'COMPLETADO' is purple", async () => {
    mockGrupoApi({
      datos: {
        ...crearGrupoConProducto(),
        grupo: { ...crearGrupoConProducto().grupo, status: 'COMPLETADO' as 'completado' },
      },
    });
    renderApp(path);
    await grupoCargado();
    const badge = screen.getByRole('main').querySelector('[data-slot="badge"]');
    expect(badge).toHaveTextContent('Completado');
    expect(badge).toHaveClass('bg-purple-50');
  });

  it("shows 'Grupo no encontrado' for a group that does not exist", async () => {
    mockGrupoApi({ status: 404 });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Grupo no encontrado' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Grupo no encontrado · Compra Grupal'));
  });

  it("a visitor who joins gets the login dialog ('Inicia sesión para continuar')", async () => {
    const { calls } = mockGrupoApi();
    const { user } = renderApp(path);
    await grupoCargado();
    await user.click(screen.getByRole('button', { name: 'Unirse al Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión para continuar' });
    expect(dialog).toHaveAccessibleDescription('Únete al grupo de compra');
    expect(calls.some((call) => call.url.includes('usuarioEnGrupo'))).toBe(false);
    expect(carrito()).toBeNull();
  });

  it('a shopper outside the group joins with 1 place: the cart line carries the group', async () => {
    storeToken(makeToken());
    mockGrupoApi({ estaEnGrupo: false });
    const { user, router } = renderApp(path);
    await grupoCargado();
    await user.click(screen.getByRole('button', { name: 'Unirse al Grupo' }));
    await expectToast('Producto agregado');
    expect(carrito()).toEqual([
      { productoId: PRODUCTO_DEL_GRUPO_ID, cantidadSolicitada: 1, grupoId: GRUPO_ID },
    ]);
    // On to the checkout view of the cart.
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.state.location.search).toBe('?resumen=1');
  });

  it("offers the product's owner no join: 'Este producto es de tu tienda', sharing stays", async () => {
    storeToken(makeToken());
    mockGrupoApi({ esPropietario: true });
    renderApp(path);
    await grupoCargado();
    expect(await screen.findByText('Este producto es de tu tienda')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Compartir Grupo' })).toBeVisible();
  });

  it('a member picks how many places in a dialog with the total, then the cart takes them', async () => {
    storeToken(makeToken());
    mockGrupoApi({ estaEnGrupo: true, datos: crearGrupoConProducto({ lugaresOcupados: 7 }) });
    const { user, router } = renderApp(path);
    await grupoCargado();
    await user.click(screen.getByRole('button', { name: 'Unirse al Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cuántos lugares quieres?' });
    const cantidad = within(dialog).getByRole('spinbutton', { name: 'Lugares' });
    expect(cantidad).toHaveValue(1);
    const total = () => dialog.querySelector('[data-slot="total-grupo"]');
    expect(total()).toHaveTextContent('$ 7.250,00');
    const mas = within(dialog).getByRole('button', { name: 'Sumar un lugar' });
    await user.click(mas);
    await user.click(mas);
    // Bounded by the 3 places left.
    expect(mas).toBeDisabled();
    expect(cantidad).toHaveValue(3);
    expect(total()).toHaveTextContent('$ 21.750,00');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar al Carrito' }));
    await expectToast('Producto agregado');
    expect(carrito()).toEqual([
      { productoId: PRODUCTO_DEL_GRUPO_ID, cantidadSolicitada: 3, grupoId: GRUPO_ID },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it("the member's dialog is bounded by the stock the cart leaves", async () => {
    storeToken(makeToken());
    mockGrupoApi({ estaEnGrupo: true, datos: crearGrupoConProducto({}, { stock: 2 }) });
    const { user } = renderApp(path);
    await grupoCargado();
    await user.click(screen.getByRole('button', { name: 'Unirse al Grupo' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cuántos lugares quieres?' });
    const mas = within(dialog).getByRole('button', { name: 'Sumar un lugar' });
    await user.click(mas);
    expect(mas).toBeDisabled();
    expect(within(dialog).getByRole('spinbutton', { name: 'Lugares' })).toHaveValue(2);
  });

  it("with this group's product already in the cart it reads 'Completar Grupo'", async () => {
    storeToken(makeToken());
    localStorage.setItem(
      'carrito',
      JSON.stringify([
        { productoId: PRODUCTO_DEL_GRUPO_ID, cantidadSolicitada: 1, grupoId: GRUPO_ID },
      ]),
    );
    mockGrupoApi();
    const { user, router } = renderApp(path);
    await grupoCargado();
    expect(screen.queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Completar Grupo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it("'Compartir Grupo' copies /group/{groupId}: '¡Enlace copiado!', or 'No se pudo copiar el enlace'", async () => {
    mockGrupoApi();
    const { user } = renderApp(path);
    await grupoCargado();
    // After user-event's setup, which installs a clipboard of its own.
    const writeText = vi.fn(async (_texto: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Compartir Grupo' }));
    await expectToast('¡Enlace copiado!');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group/${GRUPO_ID}`);

    writeText.mockRejectedValueOnce(new Error('denegado'));
    await user.click(screen.getByRole('button', { name: 'Compartir Grupo' }));
    await expectToast('No se pudo copiar el enlace');
  });

  it("follows grupoActualizado live, with 'Grupo completado' when it closes", async () => {
    const { calls, estado: servidor } = mockGrupoApi({
      datos: crearGrupoConProducto({ prediccion: prediccionEnDias(2) }),
    });
    const lecturas = () =>
      calls.filter((call) => call.url.endsWith(`/grupoConProducto/${GRUPO_ID}`)).length;
    renderApp(path);
    await grupoCargado();
    expect(await screen.findByText('Se completaría en unos 2 días')).toBeVisible();
    const evento = {
      grupoId: GRUPO_ID,
      estado: 'abierto',
      lugaresOcupados: 8,
      lugaresNecesarios: 10,
      participantesCount: 5,
      productoNombre: 'Aceite de oliva 500 ml',
    };
    servidor.datos = crearGrupoConProducto({ lugaresOcupados: 8, prediccion: prediccionEnDias(1) });
    emitir('grupoActualizado', evento);
    expect(await screen.findByText('Faltan 2 lugares para completar')).toBeVisible();
    // Still open: the group is read again, for a forecast that follows its places.
    expect(await screen.findByText('Se completaría en alrededor de un día')).toBeVisible();
    expect(lecturas()).toBe(2);
    // Another group's update changes nothing.
    emitir('grupoActualizado', {
      ...evento,
      grupoId: 'f10000000000000000000009',
      lugaresOcupados: 1,
    });
    expect(screen.getByText('Faltan 2 lugares para completar')).toBeVisible();

    emitir('grupoActualizado', { ...evento, estado: 'cerrado', lugaresOcupados: 10 });
    await expectToast('Grupo completado');
    expect(screen.getByRole('region', { name: 'Estado de Entrega' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Unirse al Grupo' })).toBeNull();
    expect(screen.queryByText(/^Se completaría/)).toBeNull();
  });

  it('grupoCerradoPorVendedor closes the group on screen', async () => {
    mockGrupoApi();
    renderApp(path);
    await grupoCargado();
    emitir('grupoCerradoPorVendedor', { grupoId: GRUPO_ID });
    expect(await screen.findByRole('region', { name: 'Estado de Entrega' })).toBeVisible();
    expect(screen.getByRole('main').querySelector('[data-slot="badge"]')).toHaveTextContent(
      'Cerrado',
    );
    expect(screen.queryByRole('button', { name: 'Compartir Grupo' })).toBeNull();
  });

  it('reads the group again after the connection comes back (events sent meanwhile were lost)', async () => {
    const { calls } = mockGrupoApi();
    renderApp(path);
    await grupoCargado();
    const lecturas = () =>
      calls.filter((call) => call.url.endsWith(`/grupoConProducto/${GRUPO_ID}`)).length;
    const antes = lecturas();
    act(() => {
      for (const alReconectar of realtime.alReconectar) alReconectar();
    });
    await waitFor(() => expect(lecturas()).toBe(antes + 1));
  });

  it('leaves the rooms when the page goes away', async () => {
    mockGrupoApi();
    const { unmount } = renderApp(path);
    await grupoCargado();
    expect(realtime.salas.length).toBeGreaterThan(0);
    unmount();
    expect(realtime.salas).toEqual([]);
  });
});
