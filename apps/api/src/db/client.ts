import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import type { Database } from './database';
import { applyFunctions } from './functions';
import * as schema from './schema';
import { prepararSentencias } from './sentencias-preparadas';
import { assertOutsideTransaction } from './unit-of-work';

export type { Database, Schema } from './database';
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** PostgreSQL only: where it is, for what needs connections of its own (realtime fan-out). */
  connectionString?: string;
  /** Runs the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the database-wide startup lock, so processes that start together on
   * one database migrate and seed one after the other (`prepareDatabase`). On PostgreSQL a
   * session advisory lock, released when `work` ends or its connection dies; on PGlite it
   * just runs `work` (one process per data directory, see data-dir-lock.ts).
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** A real round trip to the database. */
  ping(): Promise<void>;
  /** PostgreSQL only: the pool's connections, open, idle and awaited (metrics). */
  poolStats?(): { max: number; total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      /** Connections of the pool (DATABASE_POOL_MAX; 10 when not given). */
      poolMax?: number;
      /** Bounded waits of the pool's connections (the config's; none when not given). */
      limites?: LimitesDeConexion;
      /**
       * Told once when a pooled connection dies, idle or in use (server restart, failover,
       * terminated backend, network reset): the pool drops it and opens a new one when needed.
       */
      onConnectionError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts that
   * in-memory database from a tarball made by `dumpDataDir` (the tests' snapshots).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** How long a pooled connection waits for PostgreSQL (docs/decisions/048). */
export interface LimitesDeConexion {
  /** Connecting, and waiting for a free connection of the pool. */
  conectarMs: number;
  /** One statement (`statement_timeout`); the client gives up on its answer a second later. */
  sentenciaMs: number;
  /** A transaction left idle (`idle_in_transaction_session_timeout`). */
  transaccionInactivaMs: number;
}

/** The advisory lock key of migrations and the seed (any constant shared by every process). */
const STARTUP_LOCK_KEY = 4_217_011_001;

const ROOT_QUERY = 'A query on the root connection';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const poolMax = target.poolMax ?? 10;
    // Pipeline mode: a query sent while the connection's earlier ones still await their answer
    // goes on the wire at once (PostgreSQL still runs them one after the other, in order, each
    // with its own snapshot), so statements that do not need each other's answers cost one
    // round trip (docs/decisions/028, "Round trips of an approval").
    const limites = target.limites;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: poolMax,
      pipeline: true,
      keepAlive: true,
      ...(limites
        ? {
            connectionTimeoutMillis: limites.conectarMs,
            statement_timeout: limites.sentenciaMs,
            idle_in_transaction_session_timeout: limites.transaccionInactivaMs,
            // A silent server enforces no statement_timeout: the client stops waiting itself.
            query_timeout: limites.sentenciaMs + 1_000,
          }
        : {}),
    });
    // Every connection has an owner for its errors. node-postgres emits a connection's error on
    // the client, and on the pool too while it is idle; a client in use has no other listener,
    // and without one the error would end the process. The pool drops a broken connection
    // when it is handed back (or at once when idle) and opens a new one when needed.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', (error) => target.onConnectionError?.(error));
      // Each connection prepares a parameterised statement once and reuses its plan.
      prepararSentencias(client);
    });
    guardPool(pool);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      connectionString: target.url,
      // Migrations and the startup lock run on a connection of their own, without the pool's
      // limits: a migration may take long, and the lock waits while another node migrates.
      migrate: () =>
        conConexionPropia(target, async (client) => {
          const propia = drizzlePg(client, { schema });
          await migratePg(propia, { migrationsFolder: migrationsDir });
          await applyFunctions(propia);
        }),
      withStartupLock: (work) =>
        conConexionPropia(target, async (client) => {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          // Closing the connection afterwards releases the lock, whatever happened.
          return work();
        }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({
        max: poolMax,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (target.dataDir) {
    const pgliteDir = join(target.dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    client = await PGlite.create(pgliteDir, { extensions: pgliteExtensions });
  } else {
    client = await PGlite.create({
      extensions: pgliteExtensions,
      loadDataDir: target.loadDataDir,
    });
  }
  guardPglite(client);
  return pgliteHandle(client, () => client.close());
}

/** The extensions the migrations create (PostgreSQL ships them in its contrib package). */
export const pgliteExtensions = { cube, earthdistance };

/**
 * A handle over an open PGlite (opened with `pgliteExtensions`, guarded by `guardPglite`);
 * `close` is what closing the handle does (the tests hand the instance back to their pool).
 */
export function pgliteHandle(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: migrationsDir });
      await applyFunctions(db);
    },
    withStartupLock: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}

/** Runs `work` on a new connection of its own, closed afterwards. */
async function conConexionPropia<T>(
  target: { url: string; onConnectionError?: (error: Error) => void },
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: target.url, keepAlive: true });
  client.on('error', (error) => target.onConnectionError?.(error));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The root connection refuses queries from inside a `withTransaction` callback (see
 * unit-of-work.ts): on PGlite, whose one connection queues every query behind the open
 * transaction, such a query would wait forever for the transaction that waits for it.
 */
export function guardPglite(client: PGlite): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    assertOutsideTransaction(ROOT_QUERY);
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args) => {
    assertOutsideTransaction(ROOT_QUERY);
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    assertOutsideTransaction(ROOT_QUERY);
    return transaction(...args);
  }) as PGlite['transaction'];
}

/** The same rule on PostgreSQL, where such a query would silently run outside the transaction. */
function guardPool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    assertOutsideTransaction(ROOT_QUERY);
    return query(...args);
  }) as typeof pool.query;
  pool.connect = ((...args: unknown[]) => {
    assertOutsideTransaction(ROOT_QUERY);
    return connect(...args);
  }) as typeof pool.connect;
}
