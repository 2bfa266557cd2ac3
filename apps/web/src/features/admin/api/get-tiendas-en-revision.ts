import { type EstadoRevision, tiendasEnRevisionResponseSchema } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/tiendas?estado=pendientes|habilitadas|todas (admins only). */
export function tiendasEnRevisionQueryOptions(estado: EstadoRevision) {
  return queryOptions({
    queryKey: adminKeys.tiendasPorEstado(estado),
    queryFn: async ({ signal }) => {
      const { tiendas } = await api.get(`/api/admin/tiendas?${new URLSearchParams({ estado })}`, {
        schema: tiendasEnRevisionResponseSchema,
        signal,
      });
      return tiendas;
    },
    // New stores keep arriving: every visit asks again.
    staleTime: 0,
  });
}

export function useTiendasEnRevision(estado: EstadoRevision) {
  // Switching tabs keeps the previous list on screen (dimmed) until the new one arrives.
  return useQuery({ ...tiendasEnRevisionQueryOptions(estado), placeholderData: keepPreviousData });
}
