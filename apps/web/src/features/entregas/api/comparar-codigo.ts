import {
  type CompararCodigoRequest,
  entregaResponseSchema,
  type PedidoListoParaEntrega,
  type RutaDelDia,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conParadaEntregada } from '../lib/ruta';
import { entregasKeys } from './entregas-keys';

/**
 * POST /api/pedido/compararCodigo {_id, codigo, tiendaId}: the courier enters the shopper's
 * code for one seller's part. On success that part leaves the list and is checked off on the
 * day's routes at once, and both are read again. The screen says what failed itself (a wrong
 * code, too many tries).
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
      queryClient.setQueriesData<RutaDelDia[]>({ queryKey: entregasKeys.rutas() }, (rutas) =>
        conParadaEntregada(rutas, _id, tiendaId),
      );
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: entregasKeys.rutas() });
    },
  });
}
