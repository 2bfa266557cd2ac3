import { cancelarPedidoResponseSchema } from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagosKeys } from './pagos-keys';

export const NO_SE_PUDO_CANCELAR = 'No se pudo cancelar el pedido';

/**
 * POST /api/pedido/cancelar/{pedidoId} (no body; docs/decisions/029): the owner gives up an
 * order nothing was paid of, and its reserved products go back on sale. A second call answers
 * the same; 409 PEDIDO_NO_CANCELABLE once a part is paid or a payment is being credited.
 */
function cancelarPedido(pedidoId: string) {
  return api.post(`/api/pedido/cancelar/${encodeURIComponent(pedidoId)}`, undefined, {
    schema: cancelarPedidoResponseSchema,
  });
}

/**
 * Cancels an order; a failure shows one toast with the server's message (the app's mutation
 * handler). Every payments answer is read again afterwards, whichever way it went.
 */
export function useCancelarPedido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelarPedido,
    meta: { errorTitle: NO_SE_PUDO_CANCELAR },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagosKeys.all }),
  });
}
