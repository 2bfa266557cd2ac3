import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** POST /api/usuario/esVendedor {userId}: whether the user owns a store. */
function esVendedorQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: usuarioKeys.esVendedor(usuarioId),
    queryFn: async ({ signal }) => {
      const { esVendedorResponseSchema } = await import('@/lib/contract-schemas');
      return api.post(
        '/api/usuario/esVendedor',
        { userId: usuarioId },
        { schema: esVendedorResponseSchema, signal },
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useEsVendedor(usuarioId: string | null) {
  return useQuery({ ...esVendedorQueryOptions(usuarioId ?? ''), enabled: usuarioId !== null });
}
