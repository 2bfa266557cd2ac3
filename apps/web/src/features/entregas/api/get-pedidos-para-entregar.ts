import {
  type PedidoParaEntregar,
  pedidosPorTiendaResponseSchema,
  pedidosSinEntregarResponseSchema,
} from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { entregasKeys } from './entregas-keys';

/**
 * The store's orders still to deliver (spec part 2, section 7): GET
 * /api/pedido/obtenerPedidosPorTienda/{tiendaId} gives every line of the store's orders, then
 * POST /api/pedido/obtenerPedidosSinEntregarPorIds {pedidoIds, tiendaId} says which of those
 * orders the store has not delivered yet; only their lines are kept.
 */
export function pedidosParaEntregarQueryOptions(tiendaId: string) {
  return queryOptions({
    queryKey: entregasKeys.paraEntregar(tiendaId),
    queryFn: async ({ signal }): Promise<PedidoParaEntregar[]> => {
      const lineas = await api.get(`/api/pedido/obtenerPedidosPorTienda/${tiendaId}`, {
        schema: pedidosPorTiendaResponseSchema,
        signal,
      });
      const pedidoIds = [...new Set(lineas.map((linea) => linea.pedidoId))];
      if (pedidoIds.length === 0) return [];
      const sinEntregar = new Set(
        await api.post(
          '/api/pedido/obtenerPedidosSinEntregarPorIds',
          { pedidoIds, tiendaId },
          { schema: pedidosSinEntregarResponseSchema, signal },
        ),
      );
      return lineas.filter((linea) => sinEntregar.has(linea.pedidoId));
    },
    // New orders arrive as groups fill: every visit asks again.
    staleTime: 0,
  });
}

export function usePedidosParaEntregar(tiendaId: string | null) {
  return useQuery({
    ...pedidosParaEntregarQueryOptions(tiendaId ?? ''),
    enabled: tiendaId !== null,
  });
}
