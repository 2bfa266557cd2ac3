import { tiendaPorUsuarioResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getStoredItem } from '@/lib/storage-keys';

/**
 * The seller's store id (its groups, its orders to deliver): GET /api/tienda/por-usuario/{userId}; when that call
 * fails, the id kept locally at creation (`tiendaId`, spec part 2, section 3), if any.
 */
export function tiendaIdDelVendedorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['tienda-id-del-vendedor', userId],
    queryFn: async ({ signal }): Promise<string> => {
      try {
        const { tienda } = await api.get(`/api/tienda/por-usuario/${userId}`, {
          schema: tiendaPorUsuarioResponseSchema,
          signal,
        });
        return tienda._id;
      } catch (error) {
        const guardada = getStoredItem('tiendaId');
        if (guardada) return guardada;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });
}

export function useTiendaIdDelVendedor(userId: string) {
  return useQuery(tiendaIdDelVendedorQueryOptions(userId));
}
