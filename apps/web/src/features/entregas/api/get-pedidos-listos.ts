import { todosLosPedidosResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { entregasKeys } from './entregas-keys';

/**
 * GET /api/pedido/obtenerTodosLosPedidos (couriers and admins): each seller's part of an order
 * that is ready for delivery, with only what delivery needs.
 */
export function pedidosListosQueryOptions() {
  return queryOptions({
    queryKey: entregasKeys.listos(),
    queryFn: ({ signal }) =>
      api.get('/api/pedido/obtenerTodosLosPedidos', {
        schema: todosLosPedidosResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

export function usePedidosListos(enabled = true) {
  return useQuery({ ...pedidosListosQueryOptions(), enabled });
}
