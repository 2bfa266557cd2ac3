import type { PedidoConGrupos } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { pedidosKeys } from './pedidos-keys';

function tiempo(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * POST /api/pedido/obtenerPedidosConGruposPorUsuario {usuarioId} (spec part 2, section 7): the
 * shopper's approved orders with their groups, newest first. 404 means none: an empty list,
 * not a failure.
 */
async function getPedidosConGrupos(
  usuarioId: string,
  signal?: AbortSignal,
): Promise<PedidoConGrupos[]> {
  // Also asked on the product page, for a signed-in shopper only: the schema loads with it.
  const { pedidosConGruposResponseSchema } = await import('@/lib/contract-schemas');
  try {
    const pedidos = await api.post(
      '/api/pedido/obtenerPedidosConGruposPorUsuario',
      { usuarioId },
      { signal, schema: pedidosConGruposResponseSchema },
    );
    return [...pedidos].sort((a, b) => tiempo(b.fechaCreacion) - tiempo(a.fechaCreacion));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function pedidosConGruposQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: pedidosKeys.conGrupos(usuarioId),
    queryFn: ({ signal }) => getPedidosConGrupos(usuarioId, signal),
  });
}

export function usePedidosConGrupos(usuarioId: string) {
  return useQuery(pedidosConGruposQueryOptions(usuarioId));
}
