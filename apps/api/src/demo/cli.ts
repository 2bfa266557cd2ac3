import { createStorage } from '../adapters/storage/storage-from-config';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/database-from-config';
import { prepareDatabase } from '../prepare-database';
import { seedOptionsFrom } from './index';

/** `npm run seed`: migrates and runs every seed step again (each is idempotent). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const ran = await prepareDatabase(
    database,
    { storage: createStorage(config), mpTokenKey: config.MP_TOKEN_ENCRYPTION_KEY },
    seedOptionsFrom(config, { force: true }),
  );
  console.log(`Semilla aplicada (${database.kind}): ${ran.join(', ') || 'nada que hacer'}`);
} finally {
  await database.close();
}
