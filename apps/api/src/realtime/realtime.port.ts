import type { ServerToClientEvents } from '@compra-grupal/contracts';

/**
 * Sends an event to a room on every node, right away. Only the outbox publisher (and tests of
 * the socket layer) use it: services record events in their transaction instead
 * (`repositories.eventos`), so that nothing is announced before it is committed.
 */
export interface RealtimePort {
  emitToRoom<E extends keyof ServerToClientEvents>(
    room: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** How many API processes share realtime events (1 without a fan-out adapter). */
  nodos(): Promise<number>;
  /**
   * Tells the other nodes that events reached `salas`, so they draw their pages of them anew
   * (docs/decisions/044); nothing without a fan-out adapter.
   */
  avisarSalasCambiadas(salas: string[]): void;
  /** What another node said with `avisarSalasCambiadas`. */
  alCambiarSalasEnOtroNodo(escuchar: (salas: string[]) => void): void;
}
