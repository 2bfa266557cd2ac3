import { esPropietarioResponseSchema } from '@compra-grupal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { crearProducto } from '@/test/marketplace-api';
import {
  crearGrupoDePedido,
  crearPedidoConGrupos,
  grupoId,
  pedidoId,
  pedidosConGruposJson,
} from '@/test/pedidos-api';
import { renderApp } from '@/test/render-app';
import { storeToken, USER_ID } from '@/test/tokens';

vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: () => () => undefined,
}));

const producto = crearProducto({ nombre: 'Miel de campo 1 kg', stock: 30 });
const path = `/product/${producto._id}`;

/** The shopper's orders: an open group of this product, a closed one, one of another product. */
const pedidos = [
  crearPedidoConGrupos({
    _id: pedidoId(1),
    grupoIds: [
      crearGrupoDePedido({ _id: grupoId(1), productoId: producto._id, estado: 'cerrado' }),
      crearGrupoDePedido({ _id: grupoId(2), estado: 'abierto' }),
    ],
  }),
  crearPedidoConGrupos({
    _id: pedidoId(2),
    grupoIds: [
      crearGrupoDePedido({ _id: grupoId(3), productoId: producto._id, estado: 'abierto' }),
    ],
  }),
];

function mockApi(esPropietario: boolean) {
  return mockFetch(({ url }) => {
    const ruta = new URL(url, 'http://localhost').pathname;
    if (ruta === `/api/producto/${producto._id}`) return json(producto);
    if (ruta === `/api/producto/esPropietario/${producto._id}/${USER_ID}`) {
      return contractJson(esPropietarioResponseSchema, { esPropietario });
    }
    if (ruta === '/api/pedido/obtenerPedidosConGruposPorUsuario') {
      return pedidosConGruposJson(pedidos);
    }
    return json({ error: 'No encontrado' }, 404, 'Not Found');
  });
}

describe('product page: the owner and the groups of the shopper', () => {
  it("offers the owner no purchase: 'Este producto es de tu tienda'", async () => {
    storeToken();
    const { calls } = mockApi(true);
    renderApp(path);
    expect(await screen.findByText('Este producto es de tu tienda')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Agregar al Carrito/ })).toBeNull();
    // The owner's own orders are not read for a group of their product.
    expect(calls.some((call) => call.url.includes('obtenerPedidosConGrupos'))).toBe(false);
  });

  it("links the open group of this product the shopper is in: 'Ver grupo'", async () => {
    storeToken();
    mockApi(false);
    renderApp(path);
    const enlace = await screen.findByRole('link', { name: 'Ver grupo de Miel de campo 1 kg' });
    expect(enlace).toHaveAttribute('href', `/group/${grupoId(3)}`);
    expect(screen.getAllByRole('link', { name: /^Ver grupo/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Agregar al Carrito/ })).toBeEnabled();
    expect(screen.queryByText('Este producto es de tu tienda')).toBeNull();
  });

  it('a visitor sees the purchase panel and no group link', async () => {
    const { calls } = mockApi(false);
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Miel de campo 1 kg' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Agregar al Carrito/ })).toBeVisible(),
    );
    expect(screen.queryByRole('link', { name: /^Ver grupo/ })).toBeNull();
    expect(calls.some((call) => call.url.includes('obtenerPedidosConGrupos'))).toBe(false);
  });
});
