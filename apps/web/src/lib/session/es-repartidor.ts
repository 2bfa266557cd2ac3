import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** POST /api/usuario/esRepartidor {userId}: whether the user delivers orders. */
function esRepartidorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: usuarioKeys.esRepartidor(userId),
    queryFn: async ({ signal }) => {
      const { esRepartidorResponseSchema } = await import('@/lib/contract-schemas');
      return api.post(
        '/api/usuario/esRepartidor',
        { userId },
        { schema: esRepartidorResponseSchema, signal },
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useEsRepartidor(userId: string | null) {
  return useQuery({ ...esRepartidorQueryOptions(userId ?? ''), enabled: userId !== null });
}
