import type { ServerToClientEvents } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeReconnect } from '@/hooks/use-realtime-event';
import { subscribeRealtime } from '@/lib/socket';
import { grupoKeys } from '../api/grupo-keys';

const EVENTOS = [
  'nuevoGrupoCreado',
  'grupoActualizado',
  'grupoCerradoPorVendedor',
  'stockActualizado',
] as const satisfies readonly (keyof ServerToClientEvents)[];

/**
 * Keeps Gestión de Grupos live (spec part 2, sections 4 and 7): it holds the store's room and
 * the room of every product with a group, and reloads the list on any group or stock event
 * (a new group's product room is joined once the reloaded list names it). The rooms are
 * joined again after a reconnection (lib/socket) and left when the screen goes away.
 */
export function useGruposDeTiendaEnVivo(tiendaId: string | null, productoIds: readonly string[]) {
  const queryClient = useQueryClient();
  const recargar = useRef<() => void>(() => undefined);
  recargar.current = () => {
    if (tiendaId) void queryClient.invalidateQueries({ queryKey: grupoKeys.deTienda(tiendaId) });
  };
  const productos = [...new Set(productoIds)].sort().join(',');
  useRealtimeReconnect(() => recargar.current());

  useEffect(() => {
    if (!tiendaId) return;
    const salas = [
      { kind: 'tienda' as const, id: tiendaId },
      ...(productos ? productos.split(',') : []).map((id) => ({ kind: 'producto' as const, id })),
    ];
    const oir = () => recargar.current();
    const bajas = salas.flatMap((sala) =>
      EVENTOS.map((evento) => subscribeRealtime(sala, evento, oir)),
    );
    return () => {
      for (const baja of bajas) baja();
    };
  }, [tiendaId, productos]);
}
