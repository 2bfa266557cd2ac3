import {
  type CompararCodigoRequest,
  entregaResponseSchema,
  type PedidoListoParaEntrega,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { entregasKeys } from './entregas-keys';

/**
 * POST /api/pedido/compararCodigo {_id, codigo, tiendaId}: the courier enters the shopper's
 * code for one seller's part. On success that part leaves the list at once. The screen says
 * what failed itself (a wrong code, too many tries).
 */
export function useCompararCodigo() {
  const queryClient = useQueryClient();
  const queryKey = entregasKeys.listos();
  return useMutation({
    mutationFn: (pedido: Required<CompararCodigoRequest>) =>
      api.post('/api/pedido/compararCodigo', pedido, { schema: entregaResponseSchema }),
    meta: { errorToast: false },
    onSuccess: (_respuesta, { _id, tiendaId }) => {
      queryClient.setQueryData<PedidoListoParaEntrega[]>(queryKey, (pedidos) =>
        pedidos?.filter((pedido) => pedido._id !== _id || pedido.tiendaId !== tiendaId),
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
