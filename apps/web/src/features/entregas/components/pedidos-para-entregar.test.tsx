import {
  ERROR_MESSAGES,
  entregaResponseSchema,
  type PedidoParaEntregar,
  pedidoParaEntregarSchema,
  pedidosPorTiendaResponseSchema,
  pedidosSinEntregarResponseSchema,
  tiendaPorUsuarioResponseSchema,
} from '@compra-grupal/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { checked, contractJson } from '@/test/contract';
import { type FetchCall, json, mockFetch } from '@/test/fetch';
import { crearTiendaDelVendedor } from '@/test/mi-tienda-api';
import { createTestQueryClient } from '@/test/query-client';
import { expectToast } from '@/test/toasts';
import { makeToken, storeToken, USER_ID } from '@/test/tokens';
import { parada, ruta, rutasJson } from '../test/rutas-api';
import { PedidosParaEntregar } from './pedidos-para-entregar';

const TIENDA_ID = 'a40000000000000000000001';
const PEDIDO_1 = 'c40000000000000000000001';
const PEDIDO_2 = 'c40000000000000000000002';
const PEDIDO_ENTREGADO = 'c40000000000000000000003';

function linea(overrides: Partial<PedidoParaEntregar>): PedidoParaEntregar {
  return checked(pedidoParaEntregarSchema, {
    pedidoId: PEDIDO_1,
    productoId: 'b40000000000000000000001',
    productoNombre: 'Yerba mate 1 kg',
    productoImagen: null,
    cantidad: 2,
    direccion: {
      direccion: 'Av. Corrientes 1234',
      departamento: '4B',
      descripcion: 'Timbre roto, golpear',
      ciudad: 'Buenos Aires',
      provincia: 'CABA',
      codigoPostal: 'C1043',
    },
    telefono: '+54 11 4000-1234',
    listo: true,
    ...overrides,
  });
}

const LINEAS = [
  linea({}),
  linea({
    pedidoId: PEDIDO_2,
    productoId: 'b40000000000000000000002',
    productoNombre: null,
    cantidad: 1,
    direccion: {
      direccion: 'San Martín 55',
      departamento: null,
      descripcion: null,
      ciudad: 'Rosario',
      provincia: 'Santa Fe',
      codigoPostal: null,
    },
    telefono: '+54 341 555-0000',
    listo: false,
  }),
  linea({ pedidoId: PEDIDO_ENTREGADO, productoNombre: 'Ya entregado' }),
];

/** The store's day as a route (issue 36): the one order ready to deliver. */
const RUTA = ruta({
  tiendaId: TIENDA_ID,
  tiendaNombre: 'Almacén La Esquina',
  paradas: [
    parada({
      orden: 1,
      pedidoId: PEDIDO_1,
      numero: '#000001',
      tiendaId: TIENDA_ID,
      comprador: 'Ana Pérez',
      productos: [{ nombre: 'Yerba mate 1 kg', cantidad: 2 }],
    }),
  ],
});

function mockApi({
  lineas = LINEAS,
  carga = 'ok' as 'ok' | 'error',
  marcar = 'ok' as 'ok' | 409 | 500,
  rutas = [RUTA],
} = {}) {
  let entregados = new Set([PEDIDO_ENTREGADO]);
  const mock = mockFetch(({ url, method, body }: FetchCall) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/entrega/rutas') {
      return rutasJson(
        rutas.map((r) => ({
          ...r,
          paradas: r.paradas.map((p) => ({
            ...p,
            entregada: entregados.has(p.pedidoId),
            entregadaEn: entregados.has(p.pedidoId) ? '2026-05-04T15:05:00.000Z' : null,
          })),
        })),
      );
    }
    if (path === `/api/tienda/por-usuario/${USER_ID}`) {
      return contractJson(tiendaPorUsuarioResponseSchema, {
        tienda: crearTiendaDelVendedor({
          _id: TIENDA_ID,
          nombre: 'Almacén La Esquina',
          descripcion: 'Almacén de barrio',
          logo: null,
          email: 'hola@esquina.com.ar',
          razonSocial: 'La Esquina S.R.L.',
        }),
      });
    }
    if (path === `/api/pedido/obtenerPedidosPorTienda/${TIENDA_ID}`) {
      if (carga === 'error') return json({ error: 'Falló' }, 500, 'Server Error');
      return contractJson(pedidosPorTiendaResponseSchema, lineas);
    }
    if (path === '/api/pedido/obtenerPedidosSinEntregarPorIds' && method === 'POST') {
      const { pedidoIds } = JSON.parse(String(body)) as { pedidoIds: string[] };
      return contractJson(
        pedidosSinEntregarResponseSchema,
        pedidoIds.filter((id) => !entregados.has(id)),
      );
    }
    if (path === '/api/pedido/marcarPedidoComoEntregado' && method === 'POST') {
      const { pedidoId } = JSON.parse(String(body)) as { pedidoId: string };
      if (marcar === 409) {
        return json(
          {
            error: ERROR_MESSAGES.ENTREGA_NO_LISTA,
            mensaje: ERROR_MESSAGES.ENTREGA_NO_LISTA,
            code: 'ENTREGA_NO_LISTA',
          },
          409,
        );
      }
      if (marcar === 500) return json({ error: 'Falló' }, 500, 'Server Error');
      entregados = new Set([...entregados, pedidoId]);
      return contractJson(entregaResponseSchema, {
        mensaje: 'Pedido marcado como entregado',
        pedidoId,
        tiendaIds: [TIENDA_ID],
        entregado: true,
      });
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
  return mock;
}

function renderLista() {
  const user = userEvent.setup();
  render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter>
        <PedidosParaEntregar usuarioId={USER_ID} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { user };
}

async function tarjetas() {
  const lista = await screen.findByRole('list', { name: 'Pedidos para entregar' });
  return within(lista)
    .getAllByRole('listitem')
    .filter((li) => li.dataset.slot === 'pedido-para-entregar');
}

describe('Pedidos para entregar', () => {
  beforeEach(() => {
    storeToken(makeToken());
  });

  it('shows only undelivered orders as numbered cards with product, quantity, address and phone', async () => {
    const { calls } = mockApi();
    renderLista();
    const [primera, segunda, ...resto] = await tarjetas();
    expect(resto).toHaveLength(0);
    const uno = within(primera as HTMLElement);
    expect(uno.getByRole('heading', { name: 'Pedido #000001' })).toBeVisible();
    expect(uno.getByText('Yerba mate 1 kg')).toBeVisible();
    expect(uno.getByText('Cantidad: 2')).toBeVisible();
    expect(uno.getByText('Av. Corrientes 1234, Depto 4B - Timbre roto, golpear')).toBeVisible();
    expect(uno.getByRole('link', { name: '+54 11 4000-1234' })).toHaveAttribute(
      'href',
      'tel:+541140001234',
    );
    expect(uno.getByRole('button', { name: 'Marcar como entregado' })).toBeEnabled();

    const dos = within(segunda as HTMLElement);
    expect(dos.getByRole('heading', { name: 'Pedido #000002' })).toBeVisible();
    expect(dos.getByText('Producto no encontrado')).toBeVisible();
    expect(dos.getByText('San Martín 55')).toBeVisible();
    expect(screen.queryByText('Ya entregado')).toBeNull();

    // The undelivered ones were asked for with the store's id.
    const pedido = calls.find((c) => c.url.endsWith('/obtenerPedidosSinEntregarPorIds'));
    expect(JSON.parse(String(pedido?.body))).toEqual({
      pedidoIds: [PEDIDO_1, PEDIDO_2, PEDIDO_ENTREGADO],
      tiendaId: TIENDA_ID,
    });
  });

  it('keeps an order whose groups are not complete from being delivered, and says why', async () => {
    mockApi();
    renderLista();
    const [, segunda] = await tarjetas();
    const boton = within(segunda as HTMLElement).getByRole('button', {
      name: 'Marcar como entregado',
    });
    expect(boton).toBeDisabled();
    expect(boton).toHaveAccessibleDescription(ERROR_MESSAGES.ENTREGA_NO_LISTA);
  });

  it("asks 'Confirmar entrega' first, then marks it and the card leaves the list", async () => {
    const { calls } = mockApi();
    const { user } = renderLista();
    const [primera] = await tarjetas();
    await user.click(
      within(primera as HTMLElement).getByRole('button', { name: 'Marcar como entregado' }),
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Confirmar entrega' });
    expect(dialogo).toHaveTextContent('Esta acción no se puede deshacer');

    // Cancelling changes nothing.
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/marcarPedidoComoEntregado'))).toBe(false);

    await user.click(
      within(primera as HTMLElement).getByRole('button', { name: 'Marcar como entregado' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar entrega' })).getByRole('button', {
        name: 'Marcar como entregado',
      }),
    );
    await expectToast('Pedido marcado como entregado correctamente');
    const marcado = calls.find((c) => c.url.endsWith('/marcarPedidoComoEntregado'));
    expect(JSON.parse(String(marcado?.body))).toEqual({ pedidoId: PEDIDO_1 });
    // The card leaves the cards (the route above keeps the stop, checked off).
    const lista = screen.getByRole('list', { name: 'Pedidos para entregar' });
    await waitFor(() => expect(within(lista).queryByText('Yerba mate 1 kg')).toBeNull());
    const restantes = await tarjetas();
    expect(restantes).toHaveLength(1);
    expect(within(restantes[0] as HTMLElement).getByText('Producto no encontrado')).toBeVisible();
  });

  it("says 'No se pudo marcar el pedido como entregado' with the server's reason (409)", async () => {
    mockApi({ marcar: 409 });
    const { user } = renderLista();
    const [primera] = await tarjetas();
    await user.click(
      within(primera as HTMLElement).getByRole('button', { name: 'Marcar como entregado' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar entrega' })).getByRole('button', {
        name: 'Marcar como entregado',
      }),
    );
    await expectToast(
      'No se pudo marcar el pedido como entregado',
      ERROR_MESSAGES.ENTREGA_NO_LISTA,
    );
    // Still on its card (the route above shows it too).
    expect(within(primera as HTMLElement).getByText('Yerba mate 1 kg')).toBeVisible();
  });

  it("says 'No hay pedidos pendientes' when nothing is left to deliver", async () => {
    mockApi({ lineas: [linea({ pedidoId: PEDIDO_ENTREGADO })], rutas: [] });
    renderLista();
    expect(await screen.findByRole('heading', { name: 'No hay pedidos pendientes' })).toBeVisible();
  });

  it("says 'No se pudieron cargar los pedidos para entregar' when the list fails", async () => {
    mockApi({ carga: 'error' });
    renderLista();
    await expectToast('Error', 'No se pudieron cargar los pedidos para entregar');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it("shows the store's route of the day above the cards, with its printed sheet", async () => {
    const { calls } = mockApi();
    renderLista();
    const rutaDeHoy = await screen.findByRole('region', { name: 'Ruta de hoy' });
    const paradas = within(rutaDeHoy).getByRole('list', { name: 'Paradas de Almacén La Esquina' });
    expect(within(paradas).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Parada 1: Av. Corrientes 1234, Depto 4B - Timbre roto',
    );
    expect(screen.getByRole('button', { name: 'Imprimir hoja de ruta' })).toBeVisible();
    // The route comes before the numbered cards.
    const lista = await screen.findByRole('list', { name: 'Pedidos para entregar' });
    expect(
      rutaDeHoy.compareDocumentPosition(lista) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const pedido = calls.find((c) => c.url.includes('/api/entrega/rutas'));
    expect(new URL(pedido?.url ?? '', 'http://localhost').searchParams.get('tiendaId')).toBe(
      TIENDA_ID,
    );
  });

  it('checks the stop off on the route when its card is marked delivered', async () => {
    mockApi();
    const { user } = renderLista();
    const rutaDeHoy = await screen.findByRole('region', { name: 'Ruta de hoy' });
    const [primera] = await tarjetas();
    await user.click(
      within(primera as HTMLElement).getByRole('button', { name: 'Marcar como entregado' }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirmar entrega' })).getByRole('button', {
        name: 'Marcar como entregado',
      }),
    );
    await expectToast('Pedido marcado como entregado correctamente');
    await waitFor(() => expect(within(rutaDeHoy).getByText('Entregado')).toBeVisible());
  });
});
