import { reintentoDeReembolsoSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * POST /api/admin/reembolsos/{reembolsoId}/reintentar: asks the provider for this refund now.
 * The answer says how it went (`resultado`) in `mensaje`; the screen's data is asked again
 * either way, so the refund shows its new state or leaves the list.
 */
export function useReintentarReembolso(reembolsoId: string) {
  const queryClient = useQueryClient();
  const mutationKey = adminKeys.reintentoDeReembolso(reembolsoId);
  const mutation = useMutation({
    mutationKey,
    mutationFn: () =>
      api.post(`/api/admin/reembolsos/${reembolsoId}/reintentar`, undefined, {
        schema: reintentoDeReembolsoSchema,
      }),
    meta: {
      errorTitle: 'No se pudo reintentar el reembolso',
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.dinero() }),
  });
  // A second click before the re-render that disables the button must not send a second
  // request: the mutation cache knows at once that one is on its way.
  const reintentar: typeof mutation.mutate = (variables, options) => {
    if (queryClient.isMutating({ mutationKey }) > 0) return;
    mutation.mutate(variables, options);
  };
  return { ...mutation, reintentar };
}
