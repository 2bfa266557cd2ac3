import { type ServerToClientEvents, serverToClientSchemas } from '@compra-grupal/contracts';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';

/** Events services announce; `errorSocket` answers one socket and never goes through here. */
export type OutboxEvent = Exclude<keyof ServerToClientEvents, 'errorSocket'>;

/**
 * Records realtime events in the caller's transaction (the `eventos` repository that
 * `withTransaction` hands out): they reach the room only if that transaction commits, after
 * it commits. The payload is checked against the contract here, where the bug is.
 */
export function createOutboxRepository(db: Database) {
  return {
    async registrar<E extends OutboxEvent>(
      sala: string,
      evento: E,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ): Promise<void> {
      const parsed = serverToClientSchemas[evento].parse(payload);
      await db.insert(eventosSalientes).values({ sala, evento, payload: parsed });
    },

    /** The same event for several rooms, in one statement (in the order given). */
    async registrarEnSalas<E extends OutboxEvent>(
      salas: readonly string[],
      evento: E,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ): Promise<void> {
      if (salas.length === 0) return;
      const parsed = serverToClientSchemas[evento].parse(payload);
      await db
        .insert(eventosSalientes)
        .values(salas.map((sala) => ({ sala, evento, payload: parsed })));
    },
  };
}
