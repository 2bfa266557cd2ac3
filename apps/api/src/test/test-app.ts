import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadsDirOf } from '../adapters/storage/storage-from-config';
import { type BuildAppOptions, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { openTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

type ConfigOverrides = Partial<Record<keyof Config, string>>;

/**
 * The real application on a fresh, migrated and seeded test database: reference data and demo
 * users always, the demo stores (with their generated images in DATA_DIR/uploads) when asked
 * for. The database is a copy of one seeded once per run (see test-database.ts).
 */
export async function createTestApp(
  env: ConfigOverrides = {},
  {
    demoStores = false,
    logStream,
    clock,
  }: {
    demoStores?: boolean;
    logStream?: BuildAppOptions['logStream'];
    clock?: BuildAppOptions['clock'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // Suites log in many times from one address; the rate-limit suite sets its own limits.
    AUTH_RATE_LIMIT_MAX: '10000',
    ...env,
  });
  const database = await openTestDatabase({
    content: demoStores ? 'seeded-with-stores' : 'seeded',
    uploadsDir: uploadsDirOf(config),
  });
  const app = await buildApp({ config, database, logStream, ...(clock ? { clock } : {}) });
  return {
    app,
    database,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const expectedDbKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
