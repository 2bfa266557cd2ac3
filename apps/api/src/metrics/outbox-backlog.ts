import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';

/** Events waiting in the outbox and the age of the oldest, in seconds (0 when none waits). */
export async function outboxBacklog(
  db: Database,
): Promise<{ pendientes: number; antiguedadSegundos: number }> {
  const [row] = await db
    .select({
      pendientes: sql<number>`count(*)::int`,
      antiguedadSegundos: sql<number>`coalesce(extract(epoch from now() - min(${eventosSalientes.creadoEn})), 0)::float8`,
    })
    .from(eventosSalientes);
  return {
    pendientes: Number(row?.pendientes ?? 0),
    antiguedadSegundos: Number(row?.antiguedadSegundos ?? 0),
  };
}
