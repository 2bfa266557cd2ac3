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
      /** Told when an idle pooled connection dies (server restart, terminated backend). */
      onIdleConnectionError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests); `loadDataDir` starts that
   * in-memory database from a tarball made by `dumpDataDir` (the tests' snapshots).
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

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
    const pool = new pg.Pool({ connectionString: target.url, max: poolMax, pipeline: true });
    // Without a listener, node-postgres rethrows an idle connection's error and the process
    // dies; the pool already discards that connection and opens a new one when needed.
    pool.on('error', (error) => target.onIdleConnectionError?.(error));
    // Each connection prepares a parameterised statement once and reuses its plan.
    pool.on('connect', prepararSentencias);
    guardPool(pool);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      connectionString: target.url,
      migrate: async () => {
        await migratePg(db, { migrationsFolder: migrationsDir });
        await applyFunctions(db);
      },
      withStartupLock: async (work) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client
              .query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
              .catch((error: Error) => {
                broken = error;
              });
          }
        } finally {
          // A connection that could not unlock is closed, which releases the lock.
          client.release(broken);
        }
      },
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

  // The extensions the migrations create (PostgreSQL ships them in its contrib package).
  const extensions = { cube, earthdistance };
  let client: PGlite;
  if (target.dataDir) {
    const pgliteDir = join(target.dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    client = await PGlite.create(pgliteDir, { extensions });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: target.loadDataDir });
  }
  guardPglite(client);
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
    close: () => client.close(),
  };
}

/**
 * The root connection refuses queries from inside a `withTransaction` callback (see
 * unit-of-work.ts): on PGlite, whose one connection queues every query behind the open
 * transaction, such a query would wait forever for the transaction that waits for it.
 */
function guardPglite(client: PGlite): void {
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
