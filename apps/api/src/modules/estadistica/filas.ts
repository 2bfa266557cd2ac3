import type { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** The rows of a statement written in SQL (both drivers answer `{ rows }`). */
export const filas = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Sums arrive as text (bigint, numeric); every figure here is a whole number of centavos or units. */
export const n = (valor: unknown) => (valor == null ? 0 : Number(valor));
