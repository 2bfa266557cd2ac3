import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';
import { conTiempoLimite } from '../db/tiempo-limite';

/**
 * Events waiting in the outbox and the age of the oldest, in seconds (0 when none waits); read
 * at scrape, so PostgreSQL cancels it after `tiempoLimiteMs`.
 */
export async function outboxBacklog(
  db: Database,
  { tiempoLimiteMs = 1_000 } = {},
): Promise<{ pendientes: number; antiguedadSegundos: number }> {
  const [row] = await conTiempoLimite(db, tiempoLimiteMs, (tx) =>
    tx
      .select({
        pendientes: sql<number>`count(*)::int`,
        antiguedadSegundos: sql<number>`greatest(extract(epoch from clock_timestamp() - min(${eventosSalientes.creadoEn})), 0)::float8`,
      })
      .from(eventosSalientes),
  );
  return {
    pendientes: Number(row?.pendientes ?? 0),
    antiguedadSegundos: Number(row?.antiguedadSegundos ?? 0),
  };
}
