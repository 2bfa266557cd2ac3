import { sql } from 'drizzle-orm';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { createRealtimeFanOut, type RealtimeFanOut } from './fan-out-from-config';

/**
 * The fan-out between API processes on PostgreSQL (LISTEN/NOTIFY). When the server drops the
 * LISTEN connection (a restart, a failover, `pg_terminate_backend`), the process logs it and
 * listens again: it does not end on an unhandled 'error' of that connection.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

interface Nodo {
  io: Server;
  fanOut: RealtimeFanOut;
  errores: unknown[];
}

let database: DatabaseHandle;
const nodos: Nodo[] = [];

function nodo(): Nodo {
  const errores: unknown[] = [];
  const fanOut = createRealtimeFanOut(database, { error: (objeto) => errores.push(objeto) });
  const io = new Server({ adapter: fanOut.adapter });
  const creado = { io, fanOut, errores };
  nodos.push(creado);
  return creado;
}

/** Ends every other connection to this test's database, as a server restart would. */
const cortarConexiones = () =>
  database.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`);

describe.skipIf(!serverUrl)('fan-out between nodes on PostgreSQL', () => {
  beforeAll(async () => {
    database = await openTestDatabase({ content: 'seeded' });
  });
  afterAll(async () => {
    for (const { io, fanOut } of nodos) {
      // Not attached to an HTTP server: its adapter is closed by hand, which hands the LISTEN
      // connection back to the pool.
      await io.of('/').adapter.close();
      await fanOut.close();
    }
    await database?.close();
  });

  it('survives the server dropping its LISTEN connection, and hears the other node again', async () => {
    const emisor = nodo();
    const oyente = nodo();
    await Promise.all([emisor.fanOut.listening(), oyente.fanOut.listening()]);
    const oidos: string[] = [];
    oyente.io.on('aviso', (texto: string) => oidos.push(texto));
    /** Emits `texto` from one node until the other hears it. */
    const llega = (texto: string) =>
      expect
        .poll(
          () => {
            emisor.io.serverSideEmit('aviso', texto);
            return oidos.includes(texto);
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);

    await llega('antes');
    await cortarConexiones();
    // Logged, not thrown (an unhandled 'error' would end this process and fail the file).
    await expect.poll(() => oyente.errores.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Each node connects and listens again (the adapter waits one to three seconds).
    await llega('después');
  });
});
