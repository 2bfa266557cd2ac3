import {
  cerrarGrupoResponseSchema,
  ERROR_MESSAGES,
  GRUPO_MENSAJES,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ApiError, api, endedTheSession } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

export const NO_SE_PUDO_CERRAR = 'No se pudo cerrar el grupo';

/** POST /api/grupoDeCompra/cerrarGrupo/{groupId} (no body): the owner closes an open group. */
function cerrarGrupo(grupoId: string) {
  return api.post(`/api/grupoDeCompra/cerrarGrupo/${grupoId}`, undefined, {
    schema: cerrarGrupoResponseSchema,
  });
}

/**
 * Closes a group with the spec's toasts (part 2, section 8): success 'Grupo cerrado' with the
 * server's message when it adds something; 400 'Grupo ya cerrado' / 'El grupo ya está cerrado. Por favor, actualiza la
 * página para ver los cambios.'; any other failure the server's text or 'No se pudo cerrar el
 * grupo'. Every group answer is refreshed afterwards, whichever way it went.
 */
export function useCerrarGrupo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cerrarGrupo,
    meta: { errorToast: false },
    onSuccess: ({ mensaje }) => {
      // The API answers 'Grupo cerrado' itself: repeating it as the description says it twice.
      const description = mensaje.trim() === GRUPO_MENSAJES.cerrado ? undefined : mensaje;
      toast({ title: GRUPO_MENSAJES.cerrado, description });
    },
    onError: (error) => {
      if (endedTheSession(error)) return;
      if (error instanceof ApiError && error.status === 400) {
        toast({
          title: GRUPO_MENSAJES.yaCerrado,
          description: ERROR_MESSAGES.GRUPO_YA_CERRADO,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: NO_SE_PUDO_CERRAR,
        description:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : 'Revisa tu conexión e inténtalo de nuevo',
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: grupoKeys.all }),
  });
}
