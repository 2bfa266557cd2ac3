import { mensajeResponseSchema, type Producto } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productoKeys } from '@/entities/producto/api/get-producto';
import { apiFetch } from '@/lib/api-client';
import { misProductosKeys } from './mis-productos-keys';

/**
 * DELETE /api/producto/{productId}: withdraws the product (no longer listed or sold). The
 * server answers 409 with its reason when the product has paid places in an open group.
 */
export function useRetirarProducto(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productoId: string) =>
      apiFetch(`/api/producto/${productoId}`, {
        method: 'DELETE',
        schema: mensajeResponseSchema,
      }),
    // The list says it itself: the server's message, also for a refusal.
    meta: { errorToast: false },
    onSuccess: (_respuesta, productoId) => {
      queryClient.setQueryData<Producto[]>(misProductosKeys.productos(usuarioId), (lista) =>
        lista?.filter((producto) => producto._id !== productoId),
      );
      void queryClient.invalidateQueries({ queryKey: misProductosKeys.productos(usuarioId) });
      queryClient.removeQueries({ queryKey: productoKeys.detalle(productoId) });
    },
    // Withdrawn meanwhile (another tab: 404) or changed: the list shows what the server has.
    onError: () =>
      queryClient.invalidateQueries({ queryKey: misProductosKeys.productos(usuarioId) }),
  });
}
