import {
  entregaResponseSchema,
  type PedidoParaEntregar,
  type RutaDelDia,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { ApiError, api, endedTheSession } from '@/lib/api-client';
import { conParadaEntregada } from '../lib/ruta';
import { TEXTOS_ENTREGA } from '../lib/textos';
import { entregasKeys } from './entregas-keys';

/**
 * POST /api/pedido/marcarPedidoComoEntregado {pedidoId}: the seller marks their part of the
 * order delivered (irreversible). Success: 'Pedido marcado como entregado correctamente' and
 * the order leaves the list at once; failure: 'No se pudo marcar el pedido como entregado' with
 * the server's reason when it gives one (409: its groups are not complete yet). The store's
 * route of the day checks the stop off at once, and both are read again afterwards.
 */
export function useMarcarEntregado(tiendaId: string) {
  const queryClient = useQueryClient();
  const queryKey = entregasKeys.paraEntregar(tiendaId);
  return useMutation({
    mutationFn: (pedidoId: string) =>
      api.post(
        '/api/pedido/marcarPedidoComoEntregado',
        { pedidoId },
        {
          schema: entregaResponseSchema,
        },
      ),
    meta: { errorToast: false },
    onSuccess: (_respuesta, pedidoId) => {
      queryClient.setQueryData<PedidoParaEntregar[]>(queryKey, (lineas) =>
        lineas?.filter((linea) => linea.pedidoId !== pedidoId),
      );
      queryClient.setQueriesData<RutaDelDia[]>({ queryKey: entregasKeys.rutas() }, (rutas) =>
        conParadaEntregada(rutas, pedidoId, tiendaId),
      );
      toast({ title: TEXTOS_ENTREGA.marcado });
    },
    onError: (error) => {
      if (endedTheSession(error)) return;
      toast({
        title: TEXTOS_ENTREGA.noSePudoMarcar,
        description:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : TEXTOS_ENTREGA.revisaConexion,
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: entregasKeys.rutas() });
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
