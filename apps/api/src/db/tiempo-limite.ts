import { sql } from 'drizzle-orm';
import type { Database } from './database';

/**
 * Runs `work` in a short transaction of its own whose statements PostgreSQL cancels after `ms`
 * (`SET LOCAL statement_timeout`, SQLSTATE 57014): for reads that must stay cheap whatever the
 * table holds, such as the gauges a metrics scrape reads. PGlite accepts the setting and runs
 * the statement to its end (one process, nobody else waits on its connection).
 */
export async function conTiempoLimite<T>(
  db: Database,
  ms: number,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(ms))}`));
    return work(tx);
  });
}
