import { type PedidoConPagos, pedidosPorUserIdResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { pagosKeys } from './pagos-keys';

function tiempo(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * POST /api/pedido/obtenerPedidosPorUserId {userId} (spec part 2, section 7): the shopper's
 * orders with their payments, newest first. 404 means none: an empty list, not a failure.
 */
async function getPedidosConPagos(
  usuarioId: string,
  signal?: AbortSignal,
): Promise<PedidoConPagos[]> {
  try {
    const pedidos = await api.post(
      '/api/pedido/obtenerPedidosPorUserId',
      { userId: usuarioId },
      { signal, schema: pedidosPorUserIdResponseSchema },
    );
    return [...pedidos].sort((a, b) => tiempo(b.fechaCreacion) - tiempo(a.fechaCreacion));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function pedidosConPagosQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: pagosKeys.pedidos(usuarioId),
    queryFn: ({ signal }) => getPedidosConPagos(usuarioId, signal),
  });
}

export function usePedidosConPagos(usuarioId: string) {
  return useQuery(pedidosConPagosQueryOptions(usuarioId));
}
