import {
  type CrearDireccionRequest,
  crearDireccionResponseSchema,
  type Direccion,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHECKOUT_TEXTOS } from '../lib/textos';
import { checkoutKeys } from './checkout-keys';

/** POST /api/direccion/{userId}: adds a delivery address and answers it with its id. */
async function crearDireccion({
  usuarioId,
  direccion,
}: {
  usuarioId: string;
  direccion: CrearDireccionRequest;
}): Promise<Direccion> {
  const respuesta = await api.post(`/api/direccion/${encodeURIComponent(usuarioId)}`, direccion, {
    schema: crearDireccionResponseSchema,
  });
  return respuesta.direccion;
}

export function useCrearDireccion(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearDireccion,
    meta: {
      errorTitle: CHECKOUT_TEXTOS.direccionNoAgregada,
      errorMessage: CHECKOUT_TEXTOS.intentaNuevamente,
    },
    onSuccess: (direccion) => {
      queryClient.setQueryData<Direccion[]>(checkoutKeys.direcciones(usuarioId), (actuales) =>
        actuales ? [...actuales.filter((d) => d._id !== direccion._id), direccion] : [direccion],
      );
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.direcciones(usuarioId) });
    },
  });
}
