import type { DatabaseHandle } from './db/client';
import { runSeed, type SeedContext, type SeedOptions } from './demo';

/**
 * Migrates and seeds under the database's startup lock, so that several processes started at
 * the same moment on a fresh database all come up: the first migrates and seeds, the others
 * wait for it and then find nothing left to do. Returns the seed steps this process ran.
 */
export function prepareDatabase(
  database: DatabaseHandle,
  context: Omit<SeedContext, 'db'>,
  options: SeedOptions,
): Promise<string[]> {
  return database.withStartupLock(async () => {
    await database.migrate();
    return runSeed({ ...context, db: database.db }, options);
  });
}
