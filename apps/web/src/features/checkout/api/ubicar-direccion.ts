import {
  type Direccion,
  type UbicarDireccionRequest,
  ubicarDireccionResponseSchema,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** PATCH /api/direccion/{userId}/{direccionId}: the point of a saved address that has none. */
async function ubicarDireccion({
  usuarioId,
  direccionId,
  punto,
}: {
  usuarioId: string;
  direccionId: string;
  punto: UbicarDireccionRequest;
}): Promise<Direccion> {
  const { direccion } = await api.patch(
    `/api/direccion/${encodeURIComponent(usuarioId)}/${encodeURIComponent(direccionId)}`,
    punto,
    { schema: ubicarDireccionResponseSchema },
  );
  return direccion;
}

/** Places the point; the saved list shows it and the shipping quotes are asked again. */
export function useUbicarDireccion(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ubicarDireccion,
    meta: {
      errorTitle: 'No se pudo guardar la ubicación',
      errorMessage: 'Inténtalo nuevamente.',
    },
    onSuccess: (direccion) => {
      queryClient.setQueryData<Direccion[]>(checkoutKeys.direcciones(usuarioId), (actuales) =>
        actuales?.map((d) => (d._id === direccion._id ? direccion : d)),
      );
      void queryClient.invalidateQueries({ queryKey: checkoutKeys.cotizaciones() });
    },
  });
}
