import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsDir } from '../paths';
import type { Database } from './database';

/** When each committed migration was generated (drizzle records this as `created_at`). */
function committedMigrations(): number[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/**
 * The committed migrations this database has not applied yet (0: up to date). A database
 * without drizzle's table has applied none. Migrations are never undone, so once none is
 * pending the answer is kept.
 */
export function createMigrationStatus(db: Database) {
  const committed = committedMigrations();
  let upToDate = false;
  return async function pendingMigrations(): Promise<number> {
    if (upToDate) return 0;
    const {
      rows: [table],
    } = (await db.execute(
      sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "existe"`,
    )) as unknown as { rows: { existe: boolean }[] };
    if (!table?.existe) return committed.length;
    const { rows } = (await db.execute(
      sql`select created_at::text as "creada" from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { creada: string }[] };
    const applied = new Set(rows.map((row) => Number(row.creada)));
    const pending = committed.filter((when) => !applied.has(when)).length;
    upToDate = pending === 0;
    return pending;
  };
}
