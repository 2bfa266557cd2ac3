import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** POST /api/usuario/esRepartidor {userId}: whether the user delivers orders. */
function esRepartidorQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: usuarioKeys.esRepartidor(usuarioId),
    queryFn: async ({ signal }) => {
      const { esRepartidorResponseSchema } = await import('@/lib/contract-schemas');
      return api.post(
        '/api/usuario/esRepartidor',
        { userId: usuarioId },
        { schema: esRepartidorResponseSchema, signal },
      );
    },
    staleTime: 5 * 60_000,
  });
}

export function useEsRepartidor(usuarioId: string | null) {
  return useQuery({ ...esRepartidorQueryOptions(usuarioId ?? ''), enabled: usuarioId !== null });
}
