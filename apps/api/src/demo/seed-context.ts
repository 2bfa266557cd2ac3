import type { StoragePort } from '../adapters/storage/storage.port';
import type { Database } from '../db/client';

/** What every seed step is handed (demo/index.ts runs the steps). */
export interface SeedContext {
  db: Database;
  /** Where generated images go (demo logos and product photos). */
  storage: StoragePort;
  /** MP_TOKEN_ENCRYPTION_KEY when set: the key that seals the demo sellers' sandbox tokens. */
  mpTokenKey?: string;
}
