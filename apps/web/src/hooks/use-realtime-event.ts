import type { ServerToClientEvents } from '@compra-grupal/contracts';
import { useEffect, useRef } from 'react';
import { onRealtimeReconnect, type RoomRef, subscribeRealtime } from '@/lib/socket';

/**
 * Subscribes the component to a realtime event for as long as it is mounted: joins `room`
 * (null for private events, which arrive in the user's own room), hears `event` with its
 * payload parsed by the contract, and leaves when the component unmounts or the room changes.
 * The latest `handler` is always the one called, so it need not be memoised.
 *
 * ```tsx
 * useRealtimeEvent({ kind: 'grupo', id: grupoId }, 'grupoActualizado', (grupo) => …);
 * ```
 */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(
  room: RoomRef | null,
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const kind = room?.kind;
  const id = room?.id;
  useEffect(() => {
    const listener = ((payload: unknown) =>
      (latest.current as (data: unknown) => void)(payload)) as ServerToClientEvents[E];
    return subscribeRealtime(kind && id ? { kind, id } : null, event, listener);
  }, [kind, id, event]);
}

/**
 * Calls `handler` when the realtime connection comes back after a drop (its rooms are joined
 * again by lib/socket): the events sent meanwhile were missed, so a live screen reloads.
 */
export function useRealtimeReconnect(handler: () => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onRealtimeReconnect(() => latest.current()), []);
}
