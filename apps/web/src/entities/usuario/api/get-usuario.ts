import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from '@/lib/session/usuario-keys';

/**
 * GET /api/usuario/{userId}: the user's name and email, for the user menu and for the shipping
 * quote's `clienteInfo` at checkout; one key, so the answer is shared. The menu is on the first
 * page, so the schema loads with the answer (`lib/contract-schemas`).
 */
export function usuarioQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: usuarioKeys.detalle(usuarioId),
    queryFn: async ({ signal }) => {
      const { usuarioResponseSchema } = await import('@/lib/contract-schemas');
      return api.get(`/api/usuario/${encodeURIComponent(usuarioId)}`, {
        schema: usuarioResponseSchema,
        signal,
      });
    },
    select: (data) => data.usuario,
    staleTime: 5 * 60_000,
  });
}

export function useUsuario(usuarioId: string | null) {
  return useQuery({ ...usuarioQueryOptions(usuarioId ?? ''), enabled: usuarioId !== null });
}
