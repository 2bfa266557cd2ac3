import { type ServerToClientEvents, serverToClientSchemas } from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';

/** Events services announce; `errorSocket` answers one socket and never goes through here. */
export type OutboxEvent = Exclude<keyof ServerToClientEvents, 'errorSocket'>;

type EventoSaliente = typeof eventosSalientes.$inferInsert;

/**
 * Records realtime events in the caller's transaction (the `eventos` repository that
 * `withTransaction` hands out): they reach the room only if that transaction commits, after
 * it commits. The payload is checked against the contract here, where the bug is.
 *
 * With `alConfirmar` (the app's transactions, composition.ts) the events are kept in memory
 * and written by `volcar()`, which the unit of work calls once, right before COMMIT: one
 * statement per transaction instead of one per event, in the order they were recorded.
 */
export function createOutboxRepository(db: Database, { alConfirmar = false } = {}) {
  const pendientes: EventoSaliente[] = [];

  async function escribir(filas: EventoSaliente[]): Promise<void> {
    if (filas.length === 0) return;
    if (alConfirmar) pendientes.push(...filas);
    else await db.insert(eventosSalientes).values(filas);
  }

  return {
    async registrar<E extends OutboxEvent>(
      sala: string,
      evento: E,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ): Promise<void> {
      const parsed = serverToClientSchemas[evento].parse(payload);
      await escribir([{ sala, evento, payload: parsed }]);
    },

    /** The same event for several rooms (in the order given). */
    async registrarEnSalas<E extends OutboxEvent>(
      salas: readonly string[],
      evento: E,
      payload: Parameters<ServerToClientEvents[E]>[0],
    ): Promise<void> {
      if (salas.length === 0) return;
      const parsed = serverToClientSchemas[evento].parse(payload);
      await escribir(salas.map((sala) => ({ sala, evento, payload: parsed })));
    },

    /**
     * Drops every event the current transaction recorded, kept or written (also by SQL
     * functions such as `tomar_lugares_y_anunciar`): for writers nobody listens to (the seed).
     */
    async descartarLosDeEstaTransaccion(): Promise<void> {
      pendientes.splice(0);
      await db
        .delete(eventosSalientes)
        .where(sql`${eventosSalientes.transaccion} = pg_current_xact_id()::text::bigint`);
    },

    /** Writes the events kept with `alConfirmar`, in one statement. */
    async volcar(): Promise<void> {
      const filas = pendientes.splice(0);
      if (filas.length > 0) await db.insert(eventosSalientes).values(filas);
    },
  };
}
