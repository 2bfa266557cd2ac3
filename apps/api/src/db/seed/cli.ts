import { createStorage } from '../../adapters/storage/storage-from-config';
import { loadConfig } from '../../config';
import { openConfiguredDatabase } from '../database-from-config';
import { runSeed } from './index';

/** `npm run seed`: migrates and runs every seed step again (each is idempotent). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const ran = await runSeed(
    { db: database.db, storage: createStorage(config) },
    { demo: config.SEED_DEMO, force: true },
  );
  console.log(`Semilla aplicada (${database.kind}): ${ran.join(', ') || 'nada que hacer'}`);
} finally {
  await database.close();
}
