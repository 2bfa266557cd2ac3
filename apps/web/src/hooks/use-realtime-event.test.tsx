import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomRef } from '@/lib/socket';
import { useRealtimeEvent } from './use-realtime-event';

const subscriptions: { room: RoomRef | null; event: string; listener: (p: unknown) => void }[] = [];
const unsubscribe = vi.fn();
vi.mock('@/lib/socket', () => ({
  onRealtimeReconnect: () => () => undefined,
  subscribeRealtime: vi.fn((room: RoomRef | null, event: string, listener) => {
    subscriptions.push({ room, event, listener });
    return unsubscribe;
  }),
}));

const id = (n: number) => n.toString(16).padStart(24, '0');
const grupo = (n: number) => ({
  grupoId: id(n),
  estado: 'abierto' as const,
  lugaresOcupados: 1,
  lugaresNecesarios: 5,
  participantesCount: 1,
  productoNombre: 'Yerba',
});

describe('useRealtimeEvent', () => {
  beforeEach(() => {
    subscriptions.length = 0;
    unsubscribe.mockClear();
  });

  it('holds the room while mounted, moves with it, and lets it go on unmount', () => {
    const { rerender, unmount } = renderHook(
      ({ grupoId }) =>
        useRealtimeEvent({ kind: 'grupo', id: grupoId }, 'grupoActualizado', vi.fn()),
      { initialProps: { grupoId: id(1) } },
    );
    expect(subscriptions.map((s) => [s.room, s.event])).toEqual([
      [{ kind: 'grupo', id: id(1) }, 'grupoActualizado'],
    ]);
    // A new render with the same room keeps the subscription.
    rerender({ grupoId: id(1) });
    expect(subscriptions).toHaveLength(1);
    rerender({ grupoId: id(2) });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(subscriptions[1]?.room).toEqual({ kind: 'grupo', id: id(2) });
    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(2);
  });

  it('calls the latest handler without subscribing again', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = renderHook(
      ({ handler }) => useRealtimeEvent(null, 'grupoActualizado', handler),
      { initialProps: { handler: first } },
    );
    rerender({ handler: second });
    subscriptions[0]?.listener(grupo(3));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.room).toBeNull();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(grupo(3));
  });
});
