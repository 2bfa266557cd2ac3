import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** POST /api/usuario/esVendedor {userId}: whether the user owns a store. */
function esVendedorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: usuarioKeys.esVendedor(userId),
    queryFn: async ({ signal }) => {
      const { esVendedorResponseSchema } = await import('@/lib/contract-schemas');
      return api.post(
        '/api/usuario/esVendedor',
        { userId },
        { schema: esVendedorResponseSchema, signal },
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useEsVendedor(userId: string | null) {
  return useQuery({ ...esVendedorQueryOptions(userId ?? ''), enabled: userId !== null });
}
