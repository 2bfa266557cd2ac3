import { esVendedorResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from '@/lib/session/usuario-keys';

/** POST /api/usuario/convertirEnVendedor {userId}: confirms the seller role once the store exists. */
function convertirEnVendedor(usuarioId: string) {
  return api.post(
    '/api/usuario/convertirEnVendedor',
    { userId: usuarioId },
    { schema: esVendedorResponseSchema },
  );
}

/**
 * Converts the user into a seller. The seller-status answers are marked stale without being
 * asked again at once: Mi Tienda rechecks them when the wizard closes (spec part 2, section 2),
 * so the screen does not change under the wizard while it shows 'Tienda creada'.
 */
export function useConvertirEnVendedor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertirEnVendedor,
    // The store exists either way: the wizard decides what a failure means.
    meta: { errorToast: false },
    onSettled: (_data, _error, usuarioId) =>
      queryClient.invalidateQueries({
        queryKey: usuarioKeys.esVendedor(usuarioId),
        refetchType: 'none',
      }),
  });
}
