import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';

/** How socket.io reaches the sockets of other API processes. */
export interface RealtimeFanOut {
  /** socket.io's adapter; undefined keeps the in-process one (a single process). */
  adapter?: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * In-process with PGlite (one process per data directory). With PostgreSQL every API process
 * shares the database, so events fan out through it with `@socket.io/postgres-adapter`
 * (LISTEN/NOTIFY; large packets through `socket_io_attachments`, migration 0009).
 *
 * The adapter gets a pool of its own with two connections: one stays in LISTEN, and the
 * other sends every NOTIFY of this process one after the other, so the other processes hear
 * events in the order they were emitted.
 */
export function createRealtimeFanOut(
  database: DatabaseHandle,
  log: { error(object: object, message: string): void },
): RealtimeFanOut {
  if (database.kind !== 'postgres' || !database.connectionString) {
    return { close: async () => undefined };
  }
  const pool = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  const onError = (err: Error) => log.error({ err }, 'falló la difusión de eventos entre nodos');
  pool.on('error', onError);
  return {
    adapter: createAdapter(pool, { errorHandler: onError }),
    close: () => pool.end(),
  };
}
