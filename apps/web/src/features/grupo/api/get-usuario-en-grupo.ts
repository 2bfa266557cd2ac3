import { usuarioEnGrupoResponseSchema } from '@compra-grupal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

/**
 * GET /api/grupoDeCompra/usuarioEnGrupo/{groupId}/{userId}: whether the user already holds
 * places in the group. Asked when the user joins (never cached stale: a join may change it).
 */
export function usuarioEnGrupoQueryOptions(grupoId: string, usuarioId: string) {
  return queryOptions({
    queryKey: grupoKeys.usuarioEnGrupo(grupoId, usuarioId),
    queryFn: async ({ signal }): Promise<boolean> => {
      const { estaEnGrupo } = await api.get(
        `/api/grupoDeCompra/usuarioEnGrupo/${grupoId}/${usuarioId}`,
        { schema: usuarioEnGrupoResponseSchema, signal },
      );
      return estaEnGrupo;
    },
    staleTime: 0,
    retry: false,
  });
}
