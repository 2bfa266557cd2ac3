import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { DatabaseHandle } from '../../db/client';

/** How socket.io reaches the sockets of other API processes. */
export interface RealtimeFanOut {
  /** socket.io's adapter; undefined keeps the in-process one (a single process). */
  adapter?: ReturnType<typeof createAdapter>;
  /**
   * Settles once the adapter's LISTEN connection is set up (or has failed). socket.io must not
   * close before: an adapter closed while its connection is still being set up never hands
   * it back, and the pool's end then waits for it forever.
   */
  listening(): Promise<void>;
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
    return { listening: async () => undefined, close: async () => undefined };
  }
  const pool = new pg.Pool({ connectionString: database.connectionString, max: 2 });
  const onError = (err: Error) => log.error({ err }, 'falló la difusión de eventos entre nodos');
  pool.on('error', onError);

  let listening: Promise<void> = Promise.resolve();
  // The adapter takes its LISTEN connection with connect() and sends LISTEN on it at once.
  // A query queued on the same connection after that answers only once LISTEN has.
  // A checked-out client's errors are not the pool's, and the adapter listens to its `end` only
  // (to connect again) and never hands it back. So a connection the server drops (a restart,
  // pg_terminate_backend) would be an unhandled 'error' that ends the process, and would keep
  // one of the pool's two places: the reconnection and the NOTIFYs would then wait forever.
  // Here it is logged and handed back with its error, which makes the pool drop it.
  const adapterPool = {
    query: pool.query.bind(pool),
    connect: () => {
      const connecting = pool.connect();
      listening = connecting.then(
        async (client) => {
          client.on('error', (err) => {
            onError(err);
            const devolver = client.release;
            // Once: the adapter's close must not hand back what the pool has already dropped.
            client.release = () => undefined;
            devolver(err);
          });
          await new Promise((resolve) => setImmediate(resolve));
          await client.query('SELECT 1').catch(() => undefined);
        },
        () => undefined,
      );
      return connecting;
    },
  } as unknown as pg.Pool;

  return {
    adapter: createAdapter(adapterPool, { errorHandler: onError }),
    listening: () => listening,
    close: () => pool.end(),
  };
}
