import type { ServerToClientEvents } from '@compra-grupal/contracts';

/** How services announce changes to a room, without knowing about socket.io. */
export interface RealtimePort {
  emitToRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}
