import { gruposParaAdminResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/grupos (admins only): the open groups, with what cancelling one refunds. */
export function gruposParaAdminQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.grupos(),
    queryFn: async ({ signal }) => {
      const { grupos } = await api.get('/api/admin/grupos', {
        schema: gruposParaAdminResponseSchema,
        signal,
      });
      return grupos;
    },
    // Groups fill and close all the time: every visit asks again.
    staleTime: 0,
  });
}

export function useGruposParaAdmin() {
  return useQuery(gruposParaAdminQueryOptions());
}
