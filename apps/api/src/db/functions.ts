import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { functionsDir } from '../paths';
import type { Database } from './database';

/**
 * Applies the SQL functions of src/db/functions (each file one `CREATE OR REPLACE FUNCTION`),
 * after the migrations, on every start: the file is the function's only source
 * (CONVENTIONS 17: a SQL function exists only where a measurement says so).
 */
export async function applyFunctions(db: Pick<Database, 'execute'>): Promise<void> {
  const files = readdirSync(functionsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  for (const file of files) {
    await db.execute(sql.raw(readFileSync(join(functionsDir, file), 'utf8')));
  }
}
