import {
  AVISOS_POR_PAGINA,
  type Aviso,
  avisosLeidosResponseSchema,
  avisosPaginaSchema,
  type CambiosDePreferenciasDeAviso,
  clavePublicaPushSchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type PreferenciasDeAviso,
  preferenciasDeAvisoSchema,
  suscripcionPushCreadaSchema,
  suscripcionPushSchema,
  TIPOS_DE_AVISO,
  usuarioResponseSchema,
} from '@compra-grupal/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';

/** The socket: the test emits the server's events itself. */
const realtime = vi.hoisted(() => ({
  oyentes: new Map<string, Set<(payload: unknown) => void>>(),
  reconexiones: new Set<() => void>(),
}));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: (handler: () => void) => {
    realtime.reconexiones.add(handler);
    return () => realtime.reconexiones.delete(handler);
  },
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

const hex = (n: number) => n.toString(16).padStart(24, '0');
let serie = 0;
function crearAviso(overrides: Partial<Aviso> = {}): Aviso {
  serie += 1;
  return {
    _id: hex(1000 + serie),
    tipo: 'pedido_creado',
    titulo: `Aviso ${serie}`,
    cuerpo: `Cuerpo ${serie}`,
    enlace: '/my-orders',
    creadoEn: new Date(Date.now() - serie * 60_000).toISOString(),
    leido: false,
    ...overrides,
  };
}

/** A fake of the notification center's API over `avisos` (newest first). */
function mockAvisosApi(
  avisos: Aviso[],
  { lista = 'ok', esVendedor = false }: { lista?: 'ok' | 'error'; esVendedor?: boolean } = {},
) {
  const state = {
    avisos,
    lista,
    preferencias: {} as PreferenciasDeAviso['email'],
    push: {} as PreferenciasDeAviso['push'],
  };
  const noLeidos = () => state.avisos.filter((a) => !a.leido).length;
  const preferencias = (): PreferenciasDeAviso => ({
    email: Object.fromEntries(
      Object.entries(TIPOS_DE_AVISO).map(([tipo, { esencial }]) => [
        tipo,
        esencial || (state.preferencias[tipo as keyof typeof TIPOS_DE_AVISO] ?? true),
      ]),
    ),
    push: Object.fromEntries(
      Object.entries(TIPOS_DE_AVISO).map(([tipo, { push }]) => [
        tipo,
        state.push[tipo as keyof typeof TIPOS_DE_AVISO] ?? push,
      ]),
    ),
  });
  const api = mockFetch(
    ({ url, method, body }: FetchCall) => {
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      if (pathname === '/api/usuario/esVendedor')
        return contractJson(esVendedorResponseSchema, { esVendedor });
      if (pathname === '/api/usuario/esRepartidor')
        return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
      if (pathname === '/api/usuario/esAdmin')
        return contractJson(esAdminResponseSchema, { esAdmin: false });
      if (/^\/api\/usuario\/[0-9a-f]{24}$/.test(pathname))
        return contractJson(usuarioResponseSchema, {
          success: true,
          usuario: { nombre: 'Ana Pérez', email: 'ana@example.com', emailVerificado: true },
        });
      if (pathname === '/api/aviso' && method === 'GET') {
        if (state.lista === 'error') return json({ error: 'Falló', mensaje: 'Falló' }, 500);
        const antesDe = searchParams.get('antesDe');
        const desde = antesDe ? state.avisos.findIndex((a) => a._id === antesDe) + 1 : 0;
        const pagina = state.avisos.slice(desde, desde + AVISOS_POR_PAGINA);
        const hayMas = desde + AVISOS_POR_PAGINA < state.avisos.length;
        return contractJson(avisosPaginaSchema, {
          avisos: pagina,
          noLeidos: noLeidos(),
          siguiente: hayMas ? (pagina.at(-1)?._id ?? null) : null,
        });
      }
      if (pathname === '/api/aviso/leer-todos' && method === 'POST') {
        state.avisos = state.avisos.map((a) => ({ ...a, leido: true }));
        return contractJson(avisosLeidosResponseSchema, { noLeidos: 0 });
      }
      const leido = pathname.match(/^\/api\/aviso\/([0-9a-f]{24})\/leido$/);
      if (leido && method === 'POST') {
        state.avisos = state.avisos.map((a) => (a._id === leido[1] ? { ...a, leido: true } : a));
        return contractJson(avisosLeidosResponseSchema, { noLeidos: noLeidos() });
      }
      if (pathname === '/api/aviso/preferencias') {
        if (method === 'PUT') {
          const cambios = JSON.parse(String(body)) as CambiosDePreferenciasDeAviso;
          Object.assign(state.preferencias, cambios.email);
          Object.assign(state.push, cambios.push);
        }
        return contractJson(preferenciasDeAvisoSchema, preferencias());
      }
      if (pathname === '/api/push/clave-publica') {
        return contractJson(clavePublicaPushSchema, { clavePublica: CLAVE_PUBLICA });
      }
      if (pathname === '/api/push/suscripciones' && method === 'POST') {
        suscripcionPushSchema.parse(JSON.parse(String(body)));
        return contractJson(
          suscripcionPushCreadaSchema,
          { mensaje: 'Avisos activados en este dispositivo' },
          201,
        );
      }
      return json({ error: 'No encontrado', mensaje: 'No encontrado' }, 404);
    },
    { avisos: true },
  );
  return { ...api, state };
}

/** A VAPID public key as the server gives it (65 bytes, base64url). */
const CLAVE_PUBLICA = `B${'A'.repeat(86)}`;

/**
 * A browser that can receive pushes (happy-dom has no service worker, Push API nor
 * Notification): the permission the person gives when asked, and what it subscribes.
 */
function navegadorConPush(respuesta: NotificationPermission) {
  const permiso = { actual: 'default' as NotificationPermission };
  const suscripcion = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-de-prueba',
    options: { applicationServerKey: null },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-de-prueba',
      keys: {
        p256dh: `B${'C'.repeat(86)}`,
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  const subscribe = vi.fn(async () => suscripcion);
  const registro = { pushManager: { getSubscription: async () => null, subscribe } };
  const requestPermission = vi.fn(async () => {
    permiso.actual = respuesta;
    return respuesta;
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal(
    'Notification',
    Object.assign(class {}, {
      requestPermission,
      get permission() {
        return permiso.actual;
      },
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => undefined, ready: Promise.resolve(registro) },
  });
  return { requestPermission, subscribe };
}

const campana = (name: string | RegExp = /^Notificaciones/) =>
  within(document.querySelector<HTMLElement>('[data-slot="top-bar"]') ?? document.body).findByRole(
    'button',
    { name },
  );

describe('the bell', () => {
  beforeEach(() => {
    realtime.oyentes.clear();
    realtime.reconexiones.clear();
    storeToken();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows the unread count and lists the notifications newest first', async () => {
    mockAvisosApi([
      crearAviso({ titulo: 'Grupo completo: Yerba', cuerpo: 'Ya podés retirar' }),
      crearAviso({ titulo: 'Pago aprobado', leido: true }),
      crearAviso({ titulo: 'Pedido creado' }),
    ]);
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones, 2 sin leer'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('span span')?.textContent)).toEqual([
      'Sin leer: Grupo completo: Yerba',
      'Pago aprobado',
      'Sin leer: Pedido creado',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Ya podés retirar')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('hace 1 minuto')).toBeInTheDocument();
  });

  it('opening one marks it read and goes to its screen', async () => {
    const aviso = crearAviso({ titulo: 'Grupo completo', enlace: '/my-orders' });
    const { calls } = mockAvisosApi([aviso, crearAviso()]);
    const { user, router } = renderApp('/cart');
    await user.click(await campana('Notificaciones, 2 sin leer'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    await user.click(within(panel).getByRole('button', { name: /Grupo completo/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
    expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull();
    await campana('Notificaciones, 1 sin leer');
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/${aviso._id}/leido`))).toBe(
      true,
    );
  });

  it("'Marcar todas como leídas' clears the count", async () => {
    mockAvisosApi([crearAviso(), crearAviso()]);
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones, 2 sin leer'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const todas = within(panel).getByRole('button', { name: 'Marcar todas como leídas' });
    await user.click(todas);
    await campana('Notificaciones');
    await waitFor(() => expect(todas).toBeDisabled());
    expect(within(panel).queryByText(/Sin leer/)).toBeNull();
  });

  it('counts up live with avisoNuevo, reloads on avisosLeidos and on reconnection', async () => {
    const { state } = mockAvisosApi([crearAviso({ titulo: 'Viejo' })]);
    const { user } = renderApp('/cart');
    await campana('Notificaciones, 1 sin leer');
    await waitFor(() => expect(realtime.oyentes.get('avisoNuevo')?.size).toBe(1));

    const nuevo = crearAviso({
      titulo: 'Grupo completo: Aceite',
      creadoEn: new Date().toISOString(),
    });
    state.avisos = [nuevo, ...state.avisos];
    emitir('avisoNuevo', { aviso: nuevo, noLeidos: 2 });
    await user.click(await campana('Notificaciones, 2 sin leer'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Grupo completo: Aceite');

    // Read in another tab.
    state.avisos = state.avisos.map((a) => ({ ...a, leido: true }));
    emitir('avisosLeidos', { noLeidos: 0 });
    await campana('Notificaciones');

    // Missed while disconnected.
    state.avisos = [crearAviso({ titulo: 'Mientras tanto' }), ...state.avisos];
    act(() => {
      for (const reconexion of realtime.reconexiones) reconexion();
    });
    await campana('Notificaciones, 1 sin leer');
  });

  it("pages with 'Cargar más'", async () => {
    const muchos = Array.from({ length: AVISOS_POR_PAGINA + 5 }, () => crearAviso());
    mockAvisosApi(muchos);
    const { user } = renderApp('/cart');
    await user.click(await campana(`Notificaciones, ${muchos.length} sin leer`));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(AVISOS_POR_PAGINA);
    await user.click(within(panel).getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(muchos.length));
    expect(within(panel).queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it("says 'No tenés notificaciones' when there are none", async () => {
    mockAvisosApi([]);
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(panel).findByText('No tenés notificaciones')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    const { state } = mockAvisosApi([crearAviso({ titulo: 'Después' })], { lista: 'error' });
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(
      await within(panel).findByText(
        'No pudimos cargar tus notificaciones.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    state.lista = 'ok';
    await user.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await within(panel).findByText('Después')).toBeInTheDocument();
  });

  it('opens as a drawer on phones', async () => {
    setViewport(MOBILE_WIDTH);
    mockAvisosApi([crearAviso({ titulo: 'En el teléfono' })]);
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones, 1 sin leer'));
    const drawer = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(drawer).toHaveAttribute('data-slot', 'drawer-content');
    expect(await within(drawer).findByText('En el teléfono')).toBeInTheDocument();
  });

  it('preferences: essential kinds on and disabled, the others switch the email', async () => {
    const { calls, state } = mockAvisosApi([], { esVendedor: true });
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones'));
    const panel = await screen.findByRole('dialog', { name: 'Notificaciones' });
    await user.click(within(panel).getByRole('button', { name: 'Preferencias' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Preferencias de notificaciones' });

    const esencial = await within(dialogo).findByRole('switch', { name: 'Correo: Pago aprobado' });
    expect(esencial).toBeChecked();
    expect(esencial).toBeDisabled();
    expect(esencial).toHaveAccessibleDescription('Siempre te avisamos por correo');
    expect(within(dialogo).getAllByText('Siempre te avisamos por correo').length).toBeGreaterThan(
      0,
    );
    // A store owner also sees the seller's kinds.
    expect(within(dialogo).getByRole('switch', { name: 'Correo: Grupo por vencer' })).toBeChecked();

    const creado = within(dialogo).getByRole('switch', { name: 'Correo: Pedido creado' });
    expect(creado).toBeEnabled();
    await user.click(creado);
    await waitFor(() => expect(creado).not.toBeChecked());
    expect(state.preferencias).toEqual({ pedido_creado: false });
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ email: { pedido_creado: false } });
  });

  it("a shopper's preferences list only the shopper's kinds", async () => {
    mockAvisosApi([]);
    const { user } = renderApp('/cart');
    await user.click(await campana('Notificaciones'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Notificaciones' })).getByRole('button', {
        name: 'Preferencias',
      }),
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Preferencias de notificaciones' });
    await within(dialogo).findByRole('switch', { name: 'Correo: Pedido creado' });
    expect(within(dialogo).queryByRole('switch', { name: 'Correo: Grupo por vencer' })).toBeNull();
  });

  /** The preferences dialog, opened from the bell. */
  async function abrirPreferencias(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await campana('Notificaciones'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Notificaciones' })).getByRole('button', {
        name: 'Preferencias',
      }),
    );
    return screen.findByRole('dialog', { name: 'Preferencias de notificaciones' });
  }

  it("each kind has an 'En este dispositivo' switch beside its email, off where the browser cannot", async () => {
    mockAvisosApi([]);
    const { user } = renderApp('/cart');
    const dialogo = await abrirPreferencias(user);
    const dispositivo = await within(dialogo).findByRole('switch', {
      name: 'En este dispositivo: Grupo completo',
    });
    expect(within(dialogo).getByRole('switch', { name: 'Correo: Grupo completo' })).toBeChecked();
    expect(
      await within(dialogo).findByText(/^Este navegador no puede mostrar avisos de Compra Grupal/),
    ).toBeInTheDocument();
    expect(dispositivo).not.toBeChecked();
    expect(dispositivo).toBeDisabled();
    // The shopper's new kinds are listed with their switches.
    for (const nombre of ['Grupo casi completo', 'Tu grupo vence pronto']) {
      expect(
        within(dialogo).getByRole('switch', { name: `En este dispositivo: ${nombre}` }),
      ).toBeInTheDocument();
    }
  });

  it('permission denied: says so in Spanish, subscribes nothing and saves nothing', async () => {
    const { calls } = mockAvisosApi([]);
    const navegador = navegadorConPush('denied');
    const { user } = renderApp('/cart');
    const dialogo = await abrirPreferencias(user);
    expect(
      await within(dialogo).findByText(
        'Al activar un aviso en este dispositivo, el navegador te va a pedir permiso.',
      ),
    ).toBeInTheDocument();
    const grupoCompleto = within(dialogo).getByRole('switch', {
      name: 'En este dispositivo: Grupo completo',
    });
    await waitFor(() => expect(grupoCompleto).toBeEnabled());
    await user.click(grupoCompleto);

    await expectToast(
      'No se activaron los avisos en este dispositivo',
      'Bloqueaste las notificaciones de Compra Grupal en este navegador. Para recibirlas, permitilas en la configuración del sitio.',
    );
    expect(navegador.requestPermission).toHaveBeenCalledTimes(1);
    expect(navegador.subscribe).not.toHaveBeenCalled();
    expect(
      await within(dialogo).findByText(/^Bloqueaste las notificaciones de Compra Grupal/),
    ).toBeInTheDocument();
    expect(grupoCompleto).not.toBeChecked();
    expect(grupoCompleto).toBeDisabled();
    expect(
      calls.filter((c) => c.method === 'PUT' || c.url.includes('/api/push/suscripciones')),
    ).toEqual([]);
  });

  it('permission granted: subscribes through the service worker, tells the server, turns the kinds on', async () => {
    const { calls, state } = mockAvisosApi([]);
    const navegador = navegadorConPush('granted');
    const { user } = renderApp('/cart');
    const dialogo = await abrirPreferencias(user);
    const creado = within(dialogo).getByRole('switch', {
      name: 'En este dispositivo: Pedido creado',
    });
    await waitFor(() => expect(creado).toBeEnabled());
    await user.click(creado);

    await waitFor(() => expect(creado).toBeChecked());
    expect(navegador.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: expect.any(Uint8Array),
    });
    const suscripcion = calls.find((c) => c.url.endsWith('/api/push/suscripciones'));
    expect(suscripcion?.method).toBe('POST');
    expect(JSON.parse(String(suscripcion?.body))).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-de-prueba',
      keys: { p256dh: `B${'C'.repeat(86)}`, auth: 'tBHItJI5svbpez7KI4CCXg' },
    });
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ push: { pedido_creado: true } });
    expect(state.push).toEqual({ pedido_creado: true });
    // Subscribed: the moments that matter are on by default on this device.
    expect(
      within(dialogo).getByRole('switch', { name: 'En este dispositivo: Grupo completo' }),
    ).toBeChecked();
    expect(
      within(dialogo).getByRole('switch', { name: 'En este dispositivo: Pedido entregado' }),
    ).not.toBeChecked();
  });
});
