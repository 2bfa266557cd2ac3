import { usuarioResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from '@/lib/session/usuario-keys';

/**
 * GET /api/usuario/{userId}: the buyer's name and email, which the shipping quote sends as
 * `clienteInfo`. Same key as the user menu's, so the answer is shared.
 */
function clienteQueryOptions(userId: string) {
  return queryOptions({
    queryKey: usuarioKeys.detalle(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/usuario/${encodeURIComponent(userId)}`, {
        schema: usuarioResponseSchema,
        signal,
      }),
    select: (data) => data.usuario,
    staleTime: 5 * 60_000,
  });
}

export function useCliente(userId: string) {
  return useQuery(clienteQueryOptions(userId));
}
