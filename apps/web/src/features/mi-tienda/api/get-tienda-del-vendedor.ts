import { type TiendaDelVendedor, tiendaPorUsuarioResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { miTiendaKeys } from './mi-tienda-keys';

/** GET /api/tienda/por-usuario/{userId}: the seller's own store, enabled or not. */
export function tiendaDelVendedorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: miTiendaKeys.tienda(userId),
    queryFn: async ({ signal }): Promise<TiendaDelVendedor> => {
      const { tienda } = await api.get(`/api/tienda/por-usuario/${userId}`, {
        schema: tiendaPorUsuarioResponseSchema,
        signal,
      });
      return tienda;
    },
  });
}

export function useTiendaDelVendedor(userId: string) {
  return useQuery(tiendaDelVendedorQueryOptions(userId));
}
