import {
  type EstadoRevision,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type TiendaEnRevision,
  tiendaEnRevisionSchema,
  tiendaRevisadaResponseSchema,
  tiendasEnRevisionResponseSchema,
} from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { checked, contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const PENDIENTE_ID = 'a30000000000000000000001';
const HABILITADA_ID = 'a30000000000000000000002';

function tiendaEnRevision(overrides: Partial<TiendaEnRevision>): TiendaEnRevision {
  return checked(tiendaEnRevisionSchema, {
    _id: PENDIENTE_ID,
    nombre: 'Panadería Don Julio',
    descripcion: 'Pan de masa madre y facturas todos los días.',
    logo: null,
    telefono: '+54 11 4000-1234',
    email: 'hola@donjulio.com.ar',
    razonSocial: 'Don Julio S.A.',
    habilitada: false,
    mpVinculado: false,
    categoriaNombre: 'Panadería',
    coberturaNombre: 'Barrio',
    coberturaKm: 5,
    direccion: 'Av. Corrientes 1234',
    ciudad: 'Buenos Aires',
    provincia: 'CABA',
    usuarioEmail: 'julio@example.com',
    creadoEn: '2026-11-05T17:30:00.000Z',
    ...overrides,
  });
}

/** The API for the review: the roles, the lists by state, and both actions. */
function mockAdminApi({
  esAdmin = true,
  listaFalla = false,
  accionFalla = false,
}: {
  esAdmin?: boolean;
  listaFalla?: boolean;
  accionFalla?: boolean;
} = {}) {
  const tiendas = new Map<string, TiendaEnRevision>([
    [PENDIENTE_ID, tiendaEnRevision({})],
    [
      HABILITADA_ID,
      tiendaEnRevision({
        _id: HABILITADA_ID,
        nombre: 'Almacén La Esquina',
        habilitada: true,
        mpVinculado: true,
        logo: '/uploads/tiendas/esquina.jpg',
        categoriaNombre: null,
      }),
    ],
  ]);
  const mock = mockFetch(({ url, method }) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/api/usuario/esAdmin')
      return contractJson(esAdminResponseSchema, { esAdmin });
    if (pathname === '/api/usuario/esVendedor')
      return contractJson(esVendedorResponseSchema, { esVendedor: false });
    if (pathname === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor: false });
    if (pathname === '/api/admin/tiendas' && method === 'GET') {
      if (!esAdmin) return json({ error: 'No', mensaje: 'No', code: 'ACCESO_DENEGADO' }, 403);
      if (listaFalla) return json({ error: 'Falló', mensaje: 'Falló' }, 500);
      const estado = (searchParams.get('estado') ?? 'pendientes') as EstadoRevision;
      const lista = [...tiendas.values()].filter((tienda) =>
        estado === 'todas'
          ? true
          : estado === 'habilitadas'
            ? tienda.habilitada
            : !tienda.habilitada,
      );
      return contractJson(tiendasEnRevisionResponseSchema, { tiendas: lista });
    }
    const accion = /^\/api\/admin\/tiendas\/([^/]+)\/(habilitar|deshabilitar)$/.exec(pathname);
    if (accion && method === 'POST') {
      if (accionFalla)
        return json({ error: 'Tienda no encontrada', mensaje: 'Tienda no encontrada' }, 404);
      const [, id = '', verbo] = accion;
      const tienda = tiendas.get(id);
      if (!tienda) return json({ error: 'Tienda no encontrada' }, 404);
      const habilitada = verbo === 'habilitar';
      const cambiada = { ...tienda, habilitada };
      tiendas.set(id, cambiada);
      return contractJson(tiendaRevisadaResponseSchema, {
        mensaje: habilitada ? 'Tienda habilitada' : 'Tienda deshabilitada',
        tienda: cambiada,
      });
    }
    return json({ error: 'No encontrado' }, 404);
  });
  return { ...mock, tiendas };
}

function tarjeta(nombre: string) {
  return screen.getByRole('article', { name: nombre });
}

async function listaCargada(nombre: string) {
  return screen.findByRole('article', { name: nombre });
}

describe('/admin/tiendas', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('tells a non-admin that access is restricted, and asks nothing of the review', async () => {
    const { calls } = mockAdminApi({ esAdmin: false });
    renderApp('/admin/tiendas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.startsWith('/api/admin/'))).toBe(false);
  });

  it('tells a visitor without a session that access is restricted', async () => {
    localStorage.clear();
    const { calls } = mockAdminApi();
    renderApp('/admin/tiendas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' }),
    ).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('lists the pending stores with everything the team checks', async () => {
    const { calls } = mockAdminApi();
    renderApp('/admin/tiendas');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revisión de tiendas' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Revisión de tiendas · Compra Grupal'));
    const card = await listaCargada('Panadería Don Julio');
    expect(screen.queryByRole('article', { name: 'Almacén La Esquina' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Pendientes' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(calls.find((call) => call.url.startsWith('/api/admin/tiendas'))?.url).toBe(
      '/api/admin/tiendas?estado=pendientes',
    );

    expect(within(card).getByRole('img', { name: 'Logo de Panadería Don Julio' })).toBeVisible();
    for (const texto of [
      'Pan de masa madre y facturas todos los días.',
      'Don Julio S.A.',
      'hola@donjulio.com.ar',
      '+54 11 4000-1234',
      'Panadería',
      'Av. Corrientes 1234',
      'Buenos Aires, CABA',
      'julio@example.com',
      'Pendiente',
      'Mercado Pago sin vincular',
    ]) {
      expect(within(card).getByText(texto)).toBeVisible();
    }
    expect(card).toHaveTextContent('Barrio (5 km)');
    expect(within(card).getByText('5 de nov de 2026, 14:30')).toHaveAttribute(
      'datetime',
      '2026-11-05T17:30:00.000Z',
    );
    expect(within(card).getByRole('button', { name: 'Habilitar' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: 'Deshabilitar' })).toBeNull();
  });

  it("enables a store: 'Habilitar', the server's message, and the list is asked again", async () => {
    const { calls } = mockAdminApi();
    const { user } = renderApp('/admin/tiendas');
    const card = await listaCargada('Panadería Don Julio');
    await user.click(within(card).getByRole('button', { name: 'Habilitar' }));
    await expectToast('Tienda habilitada', 'Panadería Don Julio ya aparece en el marketplace.');
    expect(
      calls.filter((call) => call.url === `/api/admin/tiendas/${PENDIENTE_ID}/habilitar`),
    ).toHaveLength(1);
    expect(await screen.findByText('No hay tiendas pendientes de revisión')).toBeVisible();
  });

  it("asks before disabling, and 'Cancelar' changes nothing", async () => {
    const { calls } = mockAdminApi();
    const { user } = renderApp('/admin/tiendas?estado=habilitadas');
    const card = await listaCargada('Almacén La Esquina');
    expect(screen.getByRole('tab', { name: 'Habilitadas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(card).getByText('Habilitada')).toBeVisible();
    expect(within(card).getByText('Mercado Pago vinculado')).toBeVisible();
    expect(within(card).getByText('Sin categoría')).toBeVisible();
    expect(within(card).getByRole('img', { name: 'Logo de Almacén La Esquina' })).toHaveAttribute(
      'src',
      '/uploads/tiendas/esquina.jpg',
    );

    await user.click(within(card).getByRole('button', { name: 'Deshabilitar' }));
    const dialogo = await screen.findByRole('dialog', { name: '¿Deshabilitar esta tienda?' });
    expect(dialogo).toHaveTextContent('Almacén La Esquina dejará de aparecer en el marketplace');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url.endsWith('/deshabilitar'))).toBe(false);

    await user.click(
      within(tarjeta('Almacén La Esquina')).getByRole('button', { name: 'Deshabilitar' }),
    );
    const confirmar = await screen.findByRole('dialog');
    // The reason, told to the seller (docs/decisions/042).
    await user.type(
      within(confirmar).getByLabelText('Motivo (opcional)'),
      'Faltan los datos fiscales',
    );
    await user.click(within(confirmar).getByRole('button', { name: 'Sí, deshabilitar' }));
    await expectToast(
      'Tienda deshabilitada',
      'Almacén La Esquina dejó de aparecer en el marketplace.',
    );
    const enviadas = calls.filter(
      (call) => call.url === `/api/admin/tiendas/${HABILITADA_ID}/deshabilitar`,
    );
    expect(enviadas).toHaveLength(1);
    expect(JSON.parse(String(enviadas[0]?.body))).toEqual({ motivo: 'Faltan los datos fiscales' });
    expect(await screen.findByText('Todavía no hay tiendas habilitadas')).toBeVisible();
  });

  it('switches between Pendientes, Habilitadas and Todas with the mouse and the arrow keys', async () => {
    mockAdminApi();
    const { user, router } = renderApp('/admin/tiendas');
    await listaCargada('Panadería Don Julio');
    await user.click(screen.getByRole('tab', { name: 'Todas' }));
    await listaCargada('Almacén La Esquina');
    expect(screen.getByRole('article', { name: 'Panadería Don Julio' })).toBeVisible();
    expect(router.state.location.search).toBe('?estado=todas');
    expect(screen.getByRole('tabpanel', { name: 'Todas' })).toBeVisible();

    // The focus moves at once; the tab it lands on is selected once the address changes.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Habilitadas' })).toHaveFocus();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Habilitadas' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Panadería Don Julio' })).toBeNull(),
    );
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Pendientes' })).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    mockAdminApi({ listaFalla: true });
    renderApp('/admin/tiendas');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No se pudieron cargar las tiendas' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
  });

  it('says why an action failed', async () => {
    mockAdminApi({ accionFalla: true });
    const { user } = renderApp('/admin/tiendas');
    const card = await listaCargada('Panadería Don Julio');
    await user.click(within(card).getByRole('button', { name: 'Habilitar' }));
    const aviso = await expectToast('No se pudo habilitar la tienda', 'Tienda no encontrada');
    expect(aviso).toHaveAttribute('data-type', 'error');
    expect(within(card).getByRole('button', { name: 'Habilitar' })).toBeEnabled();
  });
});

describe("side panel 'Revisión de tiendas'", () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('is shown to an admin, after the other actions', async () => {
    mockAdminApi();
    renderApp('/');
    const panel = await screen.findByRole('complementary', { name: 'Panel de Control' });
    const acciones = await within(panel).findByRole('navigation', { name: 'Acciones' });
    const enlace = await within(acciones).findByRole('link', { name: 'Revisión de tiendas' });
    expect(enlace).toHaveAttribute('href', '/admin/tiendas');
    expect(
      within(acciones)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Mi Tienda',
      'Mis Servicios',
      'Mis Pedidos',
      'Mis Pagos',
      'Revisión de tiendas',
      'Grupos de compra',
      'Dinero en curso',
      'Entregas',
    ]);
    expect(within(acciones).getByRole('link', { name: 'Grupos de compra' })).toHaveAttribute(
      'href',
      '/admin/grupos',
    );
    expect(within(acciones).getByRole('link', { name: 'Dinero en curso' })).toHaveAttribute(
      'href',
      '/admin/dinero',
    );
    expect(within(acciones).getByRole('link', { name: 'Entregas' })).toHaveAttribute(
      'href',
      '/delivery-orders',
    );
  });

  it('is not shown to anyone else', async () => {
    mockAdminApi({ esAdmin: false });
    renderApp('/');
    const panel = await screen.findByRole('complementary', { name: 'Panel de Control' });
    const acciones = await within(panel).findByRole('navigation', { name: 'Acciones' });
    await within(acciones).findByRole('link', { name: 'Mis Pagos' });
    expect(within(acciones).queryByRole('link', { name: 'Revisión de tiendas' })).toBeNull();
  });
});
