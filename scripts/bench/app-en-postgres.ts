/**
 * The PostgreSQL the bench measures on (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the
 * local server), and the real app on a fresh database of it, for the figures that need a
 * server (payments, statistics): migrated, with the reference data, limits off, dropped after.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { type Config, loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { seedReferenceData } from '../../apps/api/src/demo/reference-data';
import type { TestApp } from '../../apps/api/src/test/test-app';

export const servidorDeBench =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/** One connection of its own to `url` (the server's by default) for `trabajo`, then closed. */
export async function conConexion<T>(
  trabajo: (client: pg.Client) => Promise<T>,
  url = servidorDeBench,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await trabajo(client);
  } finally {
    await client.end();
  }
}

/** Whether the bench's PostgreSQL answers (its figures are skipped otherwise). */
export const postgresResponde = () =>
  conConexion((client) => client.query('select 1')).then(
    () => true,
    () => false,
  );

export interface AppEnPostgres {
  t: TestApp;
  config: Config;
  /** The fresh database's address, for more pools or connections of the same run. */
  url: string;
}

/**
 * The real app (this process, `app.inject`) on a new database of the bench's server, handed
 * to `trabajo`; the app, its pool, its data directory and the database go afterwards.
 */
export async function conAppEnBaseNueva<T>(
  nombre: string,
  trabajo: (app: AppEnPostgres) => Promise<T>,
): Promise<T> {
  const base = `cg_bench_${randomBytes(6).toString('hex')}`;
  await conConexion((client) => client.query(`CREATE DATABASE "${base}"`));
  const url = new URL(servidorDeBench);
  url.pathname = `/${base}`;
  const dataDir = mkdtempSync(join(tmpdir(), `cg-bench-${nombre}-`));
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      RATE_LIMIT_MAX: '10000000',
      AUTH_RATE_LIMIT_MAX: '10000000',
    });
    const app = await buildApp({ config, database });
    await app.ready();
    try {
      return await trabajo({
        t: { app, database, dataDir, close: async () => {} },
        config,
        url: url.toString(),
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await conConexion((client) => client.query(`DROP DATABASE IF EXISTS "${base}" WITH (FORCE)`));
  }
}
