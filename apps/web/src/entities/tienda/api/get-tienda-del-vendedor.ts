import { type TiendaDelVendedor, tiendaPorUsuarioResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getStoredItem } from '@/lib/storage-keys';
import { tiendaDelVendedorKeys } from './tienda-del-vendedor-keys';

/** GET /api/tienda/por-usuario/{userId}: the seller's own store, enabled or not. */
export function tiendaDelVendedorQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: tiendaDelVendedorKeys.tienda(usuarioId),
    queryFn: async ({ signal }): Promise<TiendaDelVendedor> => {
      const { tienda } = await api.get(`/api/tienda/por-usuario/${usuarioId}`, {
        schema: tiendaPorUsuarioResponseSchema,
        signal,
      });
      return tienda;
    },
  });
}

export function useTiendaDelVendedor(usuarioId: string) {
  return useQuery(tiendaDelVendedorQueryOptions(usuarioId));
}

/**
 * The seller's store id (its groups, its orders to deliver), from the same answer as
 * `useTiendaDelVendedor`; when that call fails, the id kept locally at creation (`tiendaId`,
 * spec part 2, section 3), if any.
 */
export function useTiendaIdDelVendedor(usuarioId: string) {
  const query = useQuery({
    ...tiendaDelVendedorQueryOptions(usuarioId),
    select: (tienda) => tienda._id,
    staleTime: 10 * 60_000,
  });
  const guardada = query.isError ? getStoredItem('tiendaId') : null;
  if (guardada) return { ...query, data: guardada, isError: false as const, error: null };
  return query;
}
