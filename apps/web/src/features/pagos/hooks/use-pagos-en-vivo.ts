import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { pagosKeys } from '../api/pagos-keys';

/**
 * Keeps an order's payment status live: a `pagoAprobado` for this order (private, in the
 * user's own room) reads it again, as does a reconnection (events sent meanwhile were missed).
 * The shopper's order list is marked stale too.
 */
export function usePagosEnVivo(pedidoId: string) {
  const queryClient = useQueryClient();
  const releer = () => {
    void queryClient.invalidateQueries({ queryKey: pagosKeys.estado(pedidoId) });
    void queryClient.invalidateQueries({ queryKey: ['pagos', 'pedidos'] });
  };
  useRealtimeEvent(null, 'pagoAprobado', (pago) => {
    if (pago.pedidoId === pedidoId) releer();
  });
  useRealtimeReconnect(releer);
}
