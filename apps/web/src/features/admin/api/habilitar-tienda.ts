import { tiendaRevisadaResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/tiendas/{tiendaId}/habilitar: the store is listed from now on. */
export function useHabilitarTienda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tiendaId: string) =>
      api.post(`/api/admin/tiendas/${tiendaId}/habilitar`, undefined, {
        schema: tiendaRevisadaResponseSchema,
      }),
    meta: {
      errorTitle: 'No se pudo habilitar la tienda',
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tiendas() }),
  });
}
