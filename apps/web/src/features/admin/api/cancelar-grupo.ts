import { cancelarGrupoResponseSchema, type GrupoParaAdmin } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/grupos/{groupId}/cancelar: the group becomes `cancelado` and every
 * participant's share is refunded. The group leaves the list at once. A failure says the
 * server's reason (409: the group is no longer open).
 */
export function useCancelarGrupo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grupoId: string) =>
      api.post(`/api/admin/grupos/${grupoId}/cancelar`, undefined, {
        schema: cancelarGrupoResponseSchema,
      }),
    meta: {
      errorTitle: 'No se pudo cancelar el grupo',
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
    onSuccess: (_respuesta, grupoId) =>
      queryClient.setQueryData<GrupoParaAdmin[]>(adminKeys.grupos(), (grupos) =>
        grupos?.filter((grupo) => grupo._id !== grupoId),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.grupos() }),
  });
}
