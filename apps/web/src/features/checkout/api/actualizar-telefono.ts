import { telefonoResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHECKOUT_TEXTOS } from '../lib/textos';
import { checkoutKeys } from './checkout-keys';

/** POST /api/usuario/telefono/{userId} {telefono}: updates the contact phone. */
async function actualizarTelefono({
  usuarioId,
  telefono,
}: {
  usuarioId: string;
  telefono: string;
}): Promise<string> {
  const respuesta = await api.post(
    `/api/usuario/telefono/${encodeURIComponent(usuarioId)}`,
    { telefono },
    { schema: telefonoResponseSchema },
  );
  return respuesta.telefono;
}

export function useActualizarTelefono(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actualizarTelefono,
    meta: {
      errorTitle: CHECKOUT_TEXTOS.telefonoNoActualizado,
      errorMessage: CHECKOUT_TEXTOS.intentaNuevamente,
    },
    onSuccess: (telefono) => {
      queryClient.setQueryData(checkoutKeys.telefono(usuarioId), { telefono });
    },
  });
}
