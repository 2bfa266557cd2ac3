import { type ServerToClientEvents, serverToClientSchemas } from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';

/** Events services announce; `errorSocket` answers one socket and never goes through here. */
export type OutboxEvent = Exclude<keyof ServerToClientEvents, 'errorSocket'>;

type EventoSaliente = Pick<typeof eventosSalientes.$inferInsert, 'sala' | 'evento' | 'payload'>;

/**
 * The first key of every room's advisory lock (any constant no other lock uses; the second key
 * is the room's `hashtext`): writers take it shared, the publisher exclusive and only if free
 * (outbox-publisher.ts). Rooms that share a hash are only held back together.
 */
export const CLASE_CERROJO_DE_SALA = 4217;

/**
 * Records realtime events in the caller's transaction (the `eventos` repository that
 * `withTransaction` hands out): they reach the room only if that transaction commits, after
 * it commits. The payload is checked against the contract here, where the bug is.
 *
 * With `alConfirmar` (the app's transactions, composition.ts) the events are kept in memory
 * and written by `flush()`, which the unit of work calls once, right before COMMIT: one
 * statement per transaction instead of one per event, in the order they were recorded.
 *
 * Per-room order (docs/decisions/035): the statement that writes events first takes a SHARED
 * transaction-scoped advisory lock on each of their rooms, and only then takes their ids; the
 * locks are held until the transaction ends. Shared locks never wait for each other, so
 * writers never wait for writers. The publisher takes a room only when it can lock it
 * EXCLUSIVELY without waiting, i.e. when no writer is between taking that room's ids and its
 * end: every id it then sees of that room is final, and later writers take larger ids. In the
 * app the lock is held only from that last statement to COMMIT; a transaction that writes
 * events earlier (without `alConfirmar`) holds its rooms until it ends.
 */
export function createOutboxRepository(db: Database, { alConfirmar = false } = {}) {
  const pendientes: EventoSaliente[] = [];

  async function escribir(filas: EventoSaliente[]): Promise<void> {
    if (filas.length === 0) return;
    if (alConfirmar) pendientes.push(...filas);
    else await insertarEnOrden(db, filas);
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
     * functions): for writers nobody listens to (the seed).
     */
    async discardPending(): Promise<void> {
      pendientes.splice(0);
      await db
        .delete(eventosSalientes)
        .where(sql`${eventosSalientes.transaccion} = pg_current_xact_id()::text::bigint`);
    },

    /** Writes the events kept with `alConfirmar`, in one statement. */
    async flush(): Promise<void> {
      const filas = pendientes.splice(0);
      if (filas.length > 0) await insertarEnOrden(db, filas);
    },

    /**
     * Sends the statement of the events kept with `alConfirmar` without waiting for its answer,
     * for a pipelined connection whose COMMIT is sent right behind it (one round trip for both;
     * repositories.ts `createAppUnitOfWork`). Answers a check to await once COMMIT answered:
     * it throws the statement's error if it failed, because PostgreSQL then ends the
     * transaction with a ROLLBACK that COMMIT reports without an error.
     */
    enviarAntesDeConfirmar(): () => Promise<void> {
      const filas = pendientes.splice(0);
      if (filas.length === 0) return async () => {};
      const respuesta = insertarEnOrden(db, filas).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      return async () => {
        const fallo = await respuesta;
        if (fallo) throw fallo.error;
      };
    },
  };
}

/**
 * Locks the rooms of `filas` (shared: it waits only for a publisher that is taking one of them,
 * never for another writer), then inserts them in their order, in one statement (so it is whole
 * in a transaction or on its own). The scalar subquery runs once, before the first row reaches
 * the insert (a one-time filter), and each row's id (`nextval`) is taken as it is inserted:
 * every id comes after every lock. `creado_en` is the time of the insert (`clock_timestamp()`,
 * not the transaction's start): in the app it runs right before COMMIT, so the publish delay
 * the metrics observe (outbox-publisher.ts) counts from about the commit.
 */
async function insertarEnOrden(db: Database, filas: EventoSaliente[]): Promise<void> {
  await db.execute(sql`
    WITH filas AS (
      SELECT * FROM ROWS FROM (
        jsonb_to_recordset(${JSON.stringify(filas)}::jsonb) AS (sala text, evento text, payload jsonb)
      ) WITH ORDINALITY AS f(sala, evento, payload, orden)
    )
    INSERT INTO ${eventosSalientes} (sala, evento, payload, creado_en)
    SELECT sala, evento, payload, clock_timestamp() FROM filas
    WHERE (
      SELECT count(pg_advisory_xact_lock_shared(${sql.raw(String(CLASE_CERROJO_DE_SALA))}, clave))
      FROM (SELECT DISTINCT hashtext(sala) AS clave FROM filas ORDER BY clave) AS claves
    ) > 0
    ORDER BY orden`);
}

/** The outbox as services name it inside a transaction (infrastructure, not a module's). */
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
