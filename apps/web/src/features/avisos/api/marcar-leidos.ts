import { avisosLeidosResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AVISOS_PATH, marcarLeidosEnCache } from './get-avisos';

/** POST /api/aviso/{avisoId}/leido: one notification read. */
export function useMarcarAvisoLeido(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (avisoId: string) =>
      api.post(`${AVISOS_PATH}/${avisoId}/leido`, undefined, {
        schema: avisosLeidosResponseSchema,
      }),
    onSuccess: ({ noLeidos }, avisoId) =>
      marcarLeidosEnCache(queryClient, usuarioId, avisoId, noLeidos),
  });
}

/** POST /api/aviso/leer-todos: every notification read. */
export function useLeerTodosLosAvisos(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post(`${AVISOS_PATH}/leer-todos`, undefined, { schema: avisosLeidosResponseSchema }),
    onSuccess: ({ noLeidos }) => marcarLeidosEnCache(queryClient, usuarioId, null, noLeidos),
  });
}
