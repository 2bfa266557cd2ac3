import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectedDbKind } from './test-app';
import { openTestDatabase } from './test-database';

const uno = async <T>(
  database: Awaited<ReturnType<typeof openTestDatabase>>,
  query: ReturnType<typeof sql>,
) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

/** Which PGlite answers: the same instance keeps its start time. */
const inicio = async (database: Awaited<ReturnType<typeof openTestDatabase>>) =>
  (await uno<{ t: string }>(database, sql`SELECT pg_postmaster_start_time()::text AS t`)).t;

/** The seeded PGlite a closed test database goes back to (pglite-reutilizable.ts). */
describe.skipIf(expectedDbKind() === 'postgres')('a seeded test database used again', () => {
  it('starts as seeded: rows, sequences and session as the tarball had them', async () => {
    const primera = await openTestDatabase({ content: 'seeded' });
    const arranque = await inicio(primera);
    const antes = await uno<{ n: number }>(primera, sql`SELECT count(*)::int AS n FROM categorias`);
    await primera.db.execute(sql`UPDATE categorias SET nombre = nombre || ' (cambiada)'`);
    await primera.db.execute(sql`DELETE FROM coberturas`);
    await primera.db.execute(sql`SELECT nextval('eventos_salientes_id_seq')`);
    await primera.db.execute(sql`SET TIME ZONE 'Asia/Tokyo'`);
    await primera.db.execute(sql`SELECT pg_advisory_lock(42)`);
    await primera.close();

    const segunda = await openTestDatabase({ content: 'seeded' });
    try {
      const ahora = await uno<{ categorias: number; cambiadas: number; coberturas: number }>(
        segunda,
        sql`SELECT (SELECT count(*)::int FROM categorias) AS categorias,
                   (SELECT count(*)::int FROM categorias WHERE nombre LIKE '%(cambiada)') AS cambiadas,
                   (SELECT count(*)::int FROM coberturas) AS coberturas`,
      );
      expect(await inicio(segunda)).toBe(arranque);
      expect(ahora).toEqual({ categorias: antes.n, cambiadas: 0, coberturas: 5 });
      const siguiente = await uno<{ id: string }>(
        segunda,
        sql`SELECT nextval('eventos_salientes_id_seq')::text AS id`,
      );
      expect(siguiente.id).toBe('1');
      expect(await uno(segunda, sql`SHOW TIME ZONE`)).not.toEqual({ TimeZone: 'Asia/Tokyo' });
      expect(await uno(segunda, sql`SELECT pg_try_advisory_lock(42) AS libre`)).toEqual({
        libre: true,
      });
    } finally {
      await segunda.close();
    }
  });

  it('a closed database refuses queries, so nothing left running reaches the next test', async () => {
    const database = await openTestDatabase({ content: 'seeded' });
    await database.close();
    const error = await database.db.execute(sql`SELECT 1`).catch((e: Error) => e);
    expect(String((error as Error).cause ?? error)).toMatch(/closed/);
  });

  it('one whose schema changed is not used again', async () => {
    const primera = await openTestDatabase({ content: 'seeded' });
    const arranque = await inicio(primera);
    await primera.db.execute(sql`ALTER TABLE categorias ADD COLUMN de_prueba int`);
    await primera.close();
    const segunda = await openTestDatabase({ content: 'seeded' });
    try {
      const columna = await uno<{ n: number }>(
        segunda,
        sql`SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'de_prueba'`,
      );
      expect(columna.n).toBe(0);
      expect(await inicio(segunda)).not.toBe(arranque);
    } finally {
      await segunda.close();
    }
  });
});
