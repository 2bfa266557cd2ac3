import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { entregasKeys } from '../api/entregas-keys';

/**
 * Keeps the seller's day live: a part of their store delivered anywhere (a courier's code,
 * another device; `entregaConfirmada`, private, in the seller's own room) reads the routes and
 * the list to deliver again, as does a reconnection (events sent meanwhile were missed).
 */
export function useRutasEnVivo() {
  const queryClient = useQueryClient();
  const releer = () => {
    void queryClient.invalidateQueries({ queryKey: entregasKeys.rutas() });
    void queryClient.invalidateQueries({ queryKey: ['entregas', 'para-entregar'] });
  };
  useRealtimeEvent(null, 'entregaConfirmada', releer);
  useRealtimeReconnect(releer);
}
