import { resolve } from 'node:path';
import type { Config } from '../config';
import { redactText } from '../lib/logger';
import { type DatabaseHandle, openDatabase } from './client';
import { acquireDataDirLock } from './data-dir-lock';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in
 * DATA_DIR guarded by the single-process lock. Closing the handle also releases the lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) {
    return openDatabase({
      kind: 'postgres',
      url: config.DATABASE_URL,
      poolMax: config.DATABASE_POOL_MAX,
      limites: {
        conectarMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        sentenciaMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        transaccionInactivaMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
      // Before the app's logger exists, and for the whole life of the pool.
      onConnectionError: (error) =>
        console.warn(`conexión con PostgreSQL perdida: ${redactText(error.message)}`),
    });
  }

  const dataDir = resolve(config.DATA_DIR);
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
