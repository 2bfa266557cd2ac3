import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/database-from-config';
import { runAdminCommand } from './admin.commands';

/**
 * `npm run admin -- <command> …`: the product team's roles and the store review from the
 * command line (the commands are in admin.commands.ts, `npm run admin` alone lists them).
 * With the embedded database, stop the server first (PGlite allows one process).
 */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
let exitCode = 1;
try {
  await database.withStartupLock(() => database.migrate());
  exitCode = await runAdminCommand(
    process.argv.slice(2),
    { database, config },
    { out: (line) => console.log(line), err: (line) => console.error(line) },
  );
} finally {
  await database.close();
}
process.exit(exitCode);
