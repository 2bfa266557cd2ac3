import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crearProducto, crearTienda, mockMarketplaceApi } from '@/test/marketplace-api';
import { renderApp } from '@/test/render-app';

/** The socket: the test says when the connection came back. */
const realtime = vi.hoisted(() => ({ alReconectar: new Set<() => void>() }));
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: (handler: () => void) => {
    realtime.alReconectar.add(handler);
    return () => realtime.alReconectar.delete(handler);
  },
  subscribeRealtime: () => () => undefined,
}));

const yerba = crearProducto({ nombre: 'Yerba mate 1 kg', stock: 120 });
const tienda = crearTienda({ productos: [yerba] });

describe('product page after a reconnection', () => {
  it('reads the product again: a stock change sent while the connection was down is not lost', async () => {
    const { calls } = mockMarketplaceApi({ productos: [yerba], tiendas: [tienda] });
    const lecturas = () => calls.filter((c) => c.url.endsWith(`/api/producto/${yerba._id}`));
    renderApp(`/product/${yerba._id}`);
    await screen.findByRole('heading', { level: 1, name: 'Yerba mate 1 kg' });
    const antes = lecturas().length;
    act(() => {
      for (const alReconectar of realtime.alReconectar) alReconectar();
    });
    await waitFor(() => expect(lecturas().length).toBe(antes + 1));
  });
});
