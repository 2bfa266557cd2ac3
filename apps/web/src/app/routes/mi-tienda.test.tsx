import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, MI_TIENDA_ID, mockMiTiendaApi } from '@/test/mi-tienda-api';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';

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

const PANEL = '¡Tu tienda está activa!';

async function panel() {
  return screen.findByRole('heading', { level: 1, name: PANEL });
}

describe('/my-store', () => {
  beforeEach(() => {
    realtime.oyentes.clear();
    storeToken(makeToken());
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("asks to log in without a token ('No se encontró token de acceso') and comes back here", async () => {
    localStorage.clear();
    mockMiTiendaApi();
    const { user, router } = renderApp('/my-store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Tienda' })).toBeVisible();
    expect(screen.getByText('No se encontró token de acceso')).toBeVisible();
    await user.click(
      within(screen.getByRole('main')).getByRole('link', { name: 'Iniciar Sesión' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/my-store');
  });

  it("shows 'Verificando estado de vendedor...' while the status is checked", async () => {
    mockMiTiendaApi({ esVendedor: 'pendiente' });
    renderApp('/my-store');
    expect(await screen.findByText('Verificando estado de vendedor...')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Mi Tienda · Compra Grupal'));
  });

  it("invites a non-seller to create a store: 'Crear Tu Tienda', six items, 'en 6 pasos simples'", async () => {
    const { calls } = mockMiTiendaApi({ esVendedor: false });
    renderApp('/my-store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear Tu Tienda' })).toBeVisible();
    expect(screen.getByText(/en 6 pasos simples/)).toBeVisible();
    const lista = screen.getByRole('list', { name: 'Lo que vas a configurar' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Nombre', 'Descripción', 'Categoría', 'Ubicación', 'Cobertura', 'Logo']);
    expect(screen.getByRole('button', { name: 'Comenzar' })).toBeEnabled();
    // A non-seller's store status is not asked.
    expect(callsTo(calls, '/esta-habilitada/')).toHaveLength(0);
    expect(callsTo(calls, '/mercadopago/verificar/')).toHaveLength(0);
  });

  it("opens the creation wizard with 'Comenzar' and checks the status again 0.5 s after it closes", async () => {
    const { calls, estado } = mockMiTiendaApi({ esVendedor: false });
    const { user } = renderApp('/my-store');
    await user.click(await screen.findByRole('button', { name: 'Comenzar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Configurar Tienda' });
    expect(within(dialogo).getByText(/Paso 1 de 9/)).toBeVisible();
    const antes = callsTo(calls, '/api/usuario/esVendedor').length;

    // The store was created meanwhile: the user is a seller waiting to link Mercado Pago.
    estado.esVendedor = true;
    estado.vinculado = false;
    await user.click(within(dialogo).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, '/api/usuario/esVendedor')).toHaveLength(antes);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vincula tu cuenta de Mercado Pago' }),
    ).toBeVisible();
    expect(callsTo(calls, '/api/usuario/esVendedor').length).toBeGreaterThan(antes);
  });

  it("treats a failed role check as not a seller, with 'No se pudo verificar el estado de vendedor'", async () => {
    mockMiTiendaApi({ esVendedor: 'error' });
    renderApp('/my-store');
    const aviso = await expectToast('Error', 'No se pudo verificar el estado de vendedor');
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(screen.getByRole('heading', { level: 1, name: 'Crear Tu Tienda' })).toBeVisible();
  });

  it('treats an enabled check that answers with an error (no store: 404) as not a seller', async () => {
    mockMiTiendaApi({ habilitada: 'sin-tienda' });
    renderApp('/my-store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear Tu Tienda' })).toBeVisible();
  });

  it('treats an enabled check that answers with a server error as not a seller', async () => {
    mockMiTiendaApi({ habilitada: 'error-servidor' });
    renderApp('/my-store');
    expect(await screen.findByRole('heading', { level: 1, name: 'Crear Tu Tienda' })).toBeVisible();
  });

  it('treats an enabled check that fails by exception (no answer) as enabled', async () => {
    mockMiTiendaApi({ habilitada: 'sin-conexion' });
    renderApp('/my-store');
    expect(await panel()).toBeVisible();
  });

  it('shows the panel when the link check fails (the link status stays unknown)', async () => {
    mockMiTiendaApi({ vinculado: 'error-servidor' });
    renderApp('/my-store');
    expect(await panel()).toBeVisible();
  });

  it("shows the link screen to a seller who has not linked Mercado Pago, and goes there with 'Vincular Mercado Pago'", async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { calls, estado } = mockMiTiendaApi({ vinculado: false, habilitada: false });
    estado.authUrl = 'pendiente';
    const { user } = renderApp('/my-store');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vincula tu cuenta de Mercado Pago' }),
    ).toBeVisible();
    const razones = screen.getByRole('list', { name: 'Por qué vincular tu cuenta' });
    expect(razones).toHaveTextContent('Recibir pagos');
    expect(razones).toHaveTextContent('Gestionar tus ventas');
    expect(razones).toHaveTextContent('Acceder a todas las funciones');

    await user.click(screen.getByRole('button', { name: 'Vincular Mercado Pago' }));
    const redirigiendo = await screen.findByRole('button', {
      name: 'Redirigiendo a Mercado Pago...',
    });
    expect(redirigiendo).toBeDisabled();
    expect(callsTo(calls, `/api/oauth/mercadopago/iniciar/${USER_ID}`)).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the browser to the authorization address it gets', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { estado } = mockMiTiendaApi({ vinculado: false });
    const { user } = renderApp('/my-store');
    await user.click(await screen.findByRole('button', { name: 'Vincular Mercado Pago' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(estado.authUrl));
    // The browser is leaving: the button does not come back.
    expect(screen.getByRole('button', { name: 'Redirigiendo a Mercado Pago...' })).toBeDisabled();
  });

  it.each([
    ['the call fails', 'error-servidor'],
    ['no authorization address comes back', ''],
    ['the address is not a web address', 'javascript:alert(1)'],
  ])(
    "says 'No se pudo iniciar la vinculación con Mercado Pago' when %s",
    async (_caso, authUrl) => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      mockMiTiendaApi({ vinculado: false, authUrl });
      const { user } = renderApp('/my-store');
      await user.click(await screen.findByRole('button', { name: 'Vincular Mercado Pago' }));
      const aviso = await expectToast('No se pudo iniciar la vinculación con Mercado Pago');
      expect(aviso).toHaveAttribute('data-type', 'error');
      expect(await screen.findByRole('button', { name: 'Vincular Mercado Pago' })).toBeEnabled();
      expect(assign).not.toHaveBeenCalled();
    },
  );

  it("shows 'Tienda en proceso de verificación' and turns into the panel on tiendaHabilitada, without a reload", async () => {
    const { estado } = mockMiTiendaApi({ habilitada: false });
    renderApp('/my-store');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tienda en proceso de verificación' }),
    ).toBeVisible();
    expect(screen.getByText(/te avisaremos/)).toHaveTextContent('hasta 10 minutos');

    estado.habilitada = true;
    emitir('tiendaHabilitada', { tiendaId: MI_TIENDA_ID });
    expect(await panel()).toBeVisible();
    await expectToast('¡Tu tienda fue habilitada!');
    // The panel no longer listens.
    expect(realtime.oyentes.get('tiendaHabilitada')?.size ?? 0).toBe(0);
  });

  it("checks again with 'Consultar estado'", async () => {
    const { estado } = mockMiTiendaApi({ habilitada: false });
    const { user } = renderApp('/my-store');
    await user.click(await screen.findByRole('button', { name: 'Consultar estado' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Tienda en proceso de verificación',
    );
    estado.habilitada = true;
    await user.click(await screen.findByRole('button', { name: 'Consultar estado' }));
    expect(await panel()).toBeVisible();
  });

  it('shows the enabled panel with its six actions, Estadísticas, and the store', async () => {
    mockMiTiendaApi();
    renderApp('/my-store');
    expect(await panel()).toBeVisible();
    expect(await screen.findByText('Verdulería La Huerta')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ver mi tienda como comprador' })).toHaveAttribute(
      'href',
      `/store/${MI_TIENDA_ID}`,
    );
    const acciones = screen.getByRole('list', { name: '¿Qué quieres hacer hoy?' });
    expect(
      within(acciones)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('[data-slot="accion-titulo"]')?.textContent),
    ).toEqual([
      'Editar Tienda',
      'Configurar Categorías',
      'Cargar Producto',
      'Mis Productos',
      'Grupos',
      'Pedidos para entregar',
      'Estadísticas',
    ]);
    expect(screen.getByRole('link', { name: /^Cargar Producto/ })).toHaveAttribute(
      'href',
      '/product-form',
    );
  });

  it('opens Grupos full screen with Gestión de Grupos (features/grupo; tested there)', async () => {
    mockMiTiendaApi();
    const { user, router } = renderApp('/my-store');
    await user.click(await screen.findByRole('button', { name: /^Grupos/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grupos' })).toHaveFocus();
    expect(router.state.location.search).toBe('?seccion=grupos');
    expect(screen.queryByText('Próximamente')).toBeNull();
  });

  it.each([
    ['Pedidos para entregar', 'pedidos-para-entregar'],
    ['Estadísticas', 'estadisticas'],
  ])('opens %s full screen with a way back to the panel', async (titulo, seccion) => {
    mockMiTiendaApi();
    const { user, router } = renderApp('/my-store');
    const accion = await screen.findByRole('button', { name: new RegExp(`^${titulo}`) });
    await user.click(accion);
    const encabezado = await screen.findByRole('heading', { level: 1, name: titulo });
    expect(encabezado).toHaveFocus();
    expect(router.state.location.search).toBe(`?seccion=${seccion}`);
    // Pedidos para entregar is features/entregas, Estadísticas features/estadisticas (tested there).
    expect(screen.queryByText('Próximamente')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: PANEL })).toBeNull();

    await user.click(
      screen.getAllByRole('button', { name: 'Volver a Mi Tienda' })[0] as HTMLElement,
    );
    expect(await panel()).toBeVisible();
    expect(router.state.location.search).toBe('');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: new RegExp(`^${titulo}`) })).toHaveFocus(),
    );
  });

  it('opens a section from its address and closes it to the panel', async () => {
    mockMiTiendaApi();
    const { user, router } = renderApp('/my-store?seccion=grupos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grupos' })).toBeVisible();
    await user.click(
      screen.getAllByRole('button', { name: 'Volver a Mi Tienda' })[0] as HTMLElement,
    );
    expect(await panel()).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('ignores a section in the address until the store is active', async () => {
    mockMiTiendaApi({ habilitada: false });
    renderApp('/my-store?seccion=editar-tienda');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tienda en proceso de verificación' }),
    ).toBeVisible();
  });
});
