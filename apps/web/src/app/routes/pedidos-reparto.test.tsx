import {
  ERROR_MESSAGES,
  entregaResponseSchema,
  esAdminResponseSchema,
  esRepartidorResponseSchema,
  esVendedorResponseSchema,
  type PedidoListoParaEntrega,
  pedidoListoParaEntregaSchema,
  todosLosPedidosResponseSchema,
} from '@compra-grupal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { parada, ruta, rutasJson } from '@/features/entregas/test/rutas-api';
import { checked, contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken } from '@/test/tokens';

const PEDIDO_1 = 'c50000000000000000abc123';
const PEDIDO_2 = 'c50000000000000000def456';
const TIENDA_1 = 'a50000000000000000000001';
const TIENDA_2 = 'a50000000000000000000002';
const CODIGO = 'K7P2QX';
/** The screen opens on the day's route (issue 36); the plain list is its 'Lista' view. */
const LISTA = '/delivery-orders?vista=lista';

function pedido(overrides: Partial<PedidoListoParaEntrega>): PedidoListoParaEntrega {
  return checked(pedidoListoParaEntregaSchema, {
    _id: PEDIDO_1,
    tiendaId: TIENDA_1,
    tiendaNombre: 'Verdulería La Huerta',
    productos: [
      { nombre: 'Tomate perita 1 kg', cantidad: 2 },
      { nombre: 'Papa negra 5 kg', cantidad: 1 },
    ],
    direccion: {
      direccion: 'Av. Corrientes 1234',
      departamento: '4B',
      descripcion: null,
      ciudad: 'Buenos Aires',
      provincia: 'CABA',
      codigoPostal: null,
    },
    telefono: '+54 11 4000-1234',
    ...overrides,
  });
}

function mockEntregasApi({
  esRepartidor = true,
  esAdmin = false,
  pedidos = [
    pedido({}),
    pedido({
      _id: PEDIDO_2,
      tiendaId: TIENDA_2,
      tiendaNombre: 'Almacén La Esquina',
      productos: [{ nombre: 'Yerba mate 1 kg', cantidad: 3 }],
    }),
  ],
  lista = 'ok' as 'ok' | 'error',
  intentos = 'ok' as 'ok' | 429,
} = {}) {
  let restantes = pedidos;
  return mockFetch(({ url, method, body }) => {
    const path = new URL(url, 'http://localhost').pathname;
    // The day's route of each store with parts to deliver (issue 36): its stops are the parts.
    if (path === '/api/entrega/rutas') {
      const tiendas = [...new Map(pedidos.map((p) => [p.tiendaId, p.tiendaNombre]))];
      return rutasJson(
        tiendas.map(([tiendaId, tiendaNombre]) =>
          ruta({
            tiendaId,
            tiendaNombre,
            paradas: pedidos
              .filter((p) => p.tiendaId === tiendaId)
              .map((p, indice) =>
                parada({
                  orden: indice + 1,
                  pedidoId: p._id,
                  numero: `#${p._id.slice(-6).toUpperCase()}`,
                  tiendaId,
                  telefono: p.telefono,
                  direccion: p.direccion,
                  productos: p.productos,
                  entregada: !restantes.includes(p),
                  entregadaEn: restantes.includes(p) ? null : '2026-05-04T15:05:00.000Z',
                }),
              ),
          }),
        ),
      );
    }
    if (path === '/api/usuario/esRepartidor')
      return contractJson(esRepartidorResponseSchema, { esRepartidor });
    if (path === '/api/usuario/esAdmin') return contractJson(esAdminResponseSchema, { esAdmin });
    if (path === '/api/usuario/esVendedor')
      return contractJson(esVendedorResponseSchema, { esVendedor: false });
    if (path === '/api/pedido/obtenerTodosLosPedidos') {
      if (lista === 'error') return json({ error: 'Falló' }, 500, 'Server Error');
      return contractJson(todosLosPedidosResponseSchema, restantes);
    }
    if (path === '/api/pedido/compararCodigo' && method === 'POST') {
      if (intentos === 429) {
        const mensaje = 'Demasiados intentos. Probá de nuevo en 15 minutos.';
        return json({ error: mensaje, mensaje, code: 'DEMASIADOS_INTENTOS' }, 429);
      }
      const { _id, codigo, tiendaId } = JSON.parse(String(body)) as Record<string, string>;
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
      restantes = restantes.filter((p) => p._id !== _id || p.tiendaId !== tiendaId);
      return contractJson(entregaResponseSchema, {
        mensaje: 'Entrega confirmada',
        pedidoId: _id ?? '',
        tiendaIds: [tiendaId ?? ''],
        entregado: true,
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}

async function tarjeta(ultimos: string) {
  return screen.findByRole('article', { name: `Pedido #${ultimos}` });
}

describe('/delivery-orders', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('lists every order part ready for delivery: its number (last 6 of the id, upper-cased), store, products, address, phone', async () => {
    mockEntregasApi();
    renderApp(LISTA);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    const uno = within(await tarjeta('ABC123'));
    expect(uno.getByText('Verdulería La Huerta')).toBeVisible();
    expect(uno.getByText('Tomate perita 1 kg')).toBeVisible();
    expect(uno.getByText('× 2')).toBeVisible();
    expect(uno.getByText('Av. Corrientes 1234, Depto 4B')).toBeVisible();
    expect(uno.getByRole('link', { name: '+54 11 4000-1234' })).toBeVisible();
    expect(within(await tarjeta('DEF456')).getByText('Almacén La Esquina')).toBeVisible();
    expect(screen.getByText('2 pedidos para entregar')).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Pedidos · Compra Grupal'));
  });

  it("asks for a code when it is empty: 'Por favor ingresa un código'", async () => {
    const { calls } = mockEntregasApi();
    const { user } = renderApp(LISTA);
    const uno = within(await tarjeta('ABC123'));
    await user.click(uno.getByRole('button', { name: 'Confirmar entrega' }));
    expect(uno.getByRole('alert')).toHaveTextContent('Por favor ingresa un código');
    const campo = uno.getByLabelText('Código de entrega');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(campo).toHaveFocus();

    // Typing clears the message; only spaces is still no code (and Enter sends, too).
    await user.type(campo, '  ');
    expect(uno.queryByRole('alert')).toBeNull();
    expect(campo).not.toHaveAttribute('aria-invalid');
    await user.type(campo, '{Enter}');
    expect(await uno.findByRole('alert')).toHaveTextContent('Por favor ingresa un código');
    expect(calls.some((c) => c.url.endsWith('/compararCodigo'))).toBe(false);
  });

  it('shows the code upper-case as it is typed', async () => {
    mockEntregasApi();
    const { user } = renderApp(LISTA);
    const campo = within(await tarjeta('ABC123')).getByLabelText('Código de entrega');
    await user.type(campo, 'k7p');
    expect(campo).toHaveValue('K7P');
  });

  it("says 'Código incorrecto o error en la verificación' for a wrong code, then confirms the right one", async () => {
    const { calls } = mockEntregasApi();
    const { user } = renderApp(LISTA);
    const uno = within(await tarjeta('ABC123'));
    const campo = uno.getByLabelText('Código de entrega');
    await user.type(campo, 'zzzzzz');
    await user.click(uno.getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('Error', 'Código incorrecto o error en la verificación');
    expect(await tarjeta('ABC123')).toBeVisible();

    await user.clear(campo);
    await user.type(campo, CODIGO.toLowerCase());
    await user.click(uno.getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('¡Entrega confirmada!', 'Entregaste el pedido de Verdulería La Huerta.');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Pedido #ABC123' })).toBeNull(),
    );
    // Its number is gone from the screen (the toast does not repeat it).
    expect(screen.queryByText(/abc123/i)).toBeNull();
    expect(await tarjeta('DEF456')).toBeVisible();
    const ultima = calls.filter((c) => c.url.endsWith('/compararCodigo')).at(-1);
    expect(JSON.parse(String(ultima?.body))).toEqual({
      _id: PEDIDO_1,
      codigo: CODIGO,
      tiendaId: TIENDA_1,
    });
  });

  it("shows the server's message after too many tries (429)", async () => {
    mockEntregasApi({ intentos: 429 });
    const { user } = renderApp(LISTA);
    const uno = within(await tarjeta('ABC123'));
    await user.type(uno.getByLabelText('Código de entrega'), 'AAAAAA');
    await user.click(uno.getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('Error', 'Demasiados intentos. Probá de nuevo en 15 minutos.');
  });

  it("says 'No hay pedidos pendientes' when nothing is ready", async () => {
    mockEntregasApi({ pedidos: [] });
    renderApp(LISTA);
    expect(await screen.findByRole('heading', { name: 'No hay pedidos pendientes' })).toBeVisible();
  });

  it('tells when the list cannot be loaded', async () => {
    mockEntregasApi({ lista: 'error' });
    renderApp(LISTA);
    await expectToast('Error', 'No se pudieron cargar los pedidos');
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('closes to /', async () => {
    mockEntregasApi({ pedidos: [] });
    const { user, router } = renderApp('/delivery-orders');
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('opens for an admin too', async () => {
    mockEntregasApi({ esRepartidor: false, esAdmin: true });
    renderApp(LISTA);
    expect(await tarjeta('ABC123')).toBeVisible();
  });

  it('tells someone who is neither a courier nor an admin, in place, that it is for couriers and where their orders are', async () => {
    const { calls } = mockEntregasApi({ esRepartidor: false, esAdmin: false });
    const { router, user } = renderApp('/delivery-orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso restringido' }),
    ).toBeVisible();
    expect(screen.getByText(/Esta sección es solo para repartidores/)).toBeVisible();
    expect(router.state.location.pathname).toBe('/delivery-orders');
    expect(calls.some((c) => c.url.endsWith('/obtenerTodosLosPedidos'))).toBe(false);
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('link', { name: 'Ir a Mis Pedidos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-orders'));
  });

  it("opens on the day's route, one section per store; 'Lista' shows the plain list", async () => {
    mockEntregasApi();
    const { user, router } = renderApp('/delivery-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Ruta del día' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const huerta = await screen.findByRole('region', { name: 'Verdulería La Huerta' });
    const parada = within(
      within(huerta).getByRole('list', { name: 'Paradas de Verdulería La Huerta' }),
    ).getAllByRole('listitem')[0] as HTMLElement;
    expect(parada).toHaveAccessibleName('Parada 1: Av. Corrientes 1234, Depto 4B');
    // The order as its id's last 6 characters.
    expect(within(parada).getByText('#ABC123')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Almacén La Esquina' })).toBeVisible();

    await user.click(screen.getByRole('tab', { name: 'Lista' }));
    expect(await tarjeta('ABC123')).toBeVisible();
    expect(router.state.location.search).toBe('?vista=lista');
  });

  it("confirms a stop of the route with the shopper's code and checks it off", async () => {
    const { calls } = mockEntregasApi();
    const { user } = renderApp('/delivery-orders');
    const huerta = await screen.findByRole('region', { name: 'Verdulería La Huerta' });
    const parada = () =>
      within(
        within(huerta).getByRole('list', { name: 'Paradas de Verdulería La Huerta' }),
      ).getAllByRole('listitem')[0] as HTMLElement;
    await user.type(within(parada()).getByLabelText('Código de entrega'), CODIGO);
    await user.click(within(parada()).getByRole('button', { name: 'Confirmar entrega' }));
    await expectToast('¡Entrega confirmada!');
    const ultima = calls.filter((c) => c.url.endsWith('/compararCodigo')).at(-1);
    expect(JSON.parse(String(ultima?.body))).toEqual({
      _id: PEDIDO_1,
      codigo: CODIGO,
      tiendaId: TIENDA_1,
    });
    await waitFor(() => expect(within(parada()).getByText('Entregado')).toBeVisible());
  });

  it('sends a visitor without a session to /login and back here afterwards', async () => {
    localStorage.clear();
    mockEntregasApi();
    const { router } = renderApp('/delivery-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('redirectAfterAuth')).toBe('/delivery-orders');
  });
});
