import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/**
 * POST /api/usuario/esAdmin {userId}: whether the user is on the product team that reviews
 * stores. A failed check counts as false, like the other roles.
 */
function esAdminQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: usuarioKeys.esAdmin(usuarioId),
    queryFn: async ({ signal }) => {
      const { esAdminResponseSchema } = await import('@/lib/contract-schemas');
      return api.post(
        '/api/usuario/esAdmin',
        { userId: usuarioId },
        { schema: esAdminResponseSchema, signal },
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useEsAdmin(usuarioId: string | null) {
  return useQuery({ ...esAdminQueryOptions(usuarioId ?? ''), enabled: usuarioId !== null });
}
