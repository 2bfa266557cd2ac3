import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { SENTENCIAS_POR_CONEXION } from './sentencias-preparadas';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Tx = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];

/** A raw query's rows (both drivers answer `{ rows }`). */
async function filas<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The statements this session keeps prepared (PostgreSQL's own view, per connection). */
const preparadas = (tx: Tx) =>
  filas<{ name: string; statement: string }>(
    tx,
    sql.raw('select name, statement from pg_prepared_statements'),
  );

// Prepared statements are a property of the pooled PostgreSQL connections; PGlite has none.
describe.skipIf(!onPostgres)('sentencias preparadas (PostgreSQL)', () => {
  it('prepares a parameterised statement once per connection and answers it each time', async () => {
    await database.db.transaction(async (tx) => {
      const suma = (a: number, b: number) =>
        filas<{ suma: number }>(tx, sql`select ${a}::int + ${b}::int as suma`);
      expect(await suma(1, 2)).toEqual([{ suma: 3 }]);
      expect(await suma(40, 2)).toEqual([{ suma: 42 }]);
      const propias = (await preparadas(tx)).filter((p) => p.statement.includes('as suma'));
      expect(propias).toHaveLength(1);
      expect(propias[0]?.name).toMatch(/^cg_/);
    });
  });

  it('leaves a statement without parameters unnamed', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('select 41 + 1 as sin_parametros'));
      const todas = await preparadas(tx);
      expect(todas.some((p) => p.statement.includes('sin_parametros'))).toBe(false);
    });
  });

  it('keeps at most SENTENCIAS_POR_CONEXION per connection, and still answers past it', async () => {
    await database.db.transaction(async (tx) => {
      const extra = 10;
      for (let i = 0; i < SENTENCIAS_POR_CONEXION + extra; i += 1) {
        const rows = await filas<{ n: number }>(
          tx,
          sql`select ${i}::int as n, ${sql.raw(String(i))} as ${sql.raw(`distinta_${i}`)}`,
        );
        expect(rows[0]?.n).toBe(i);
      }
      const nuestras = (await preparadas(tx)).filter((p) => p.name.startsWith('cg_'));
      expect(nuestras.length).toBeLessThanOrEqual(SENTENCIAS_POR_CONEXION);
      expect(nuestras.some((p) => p.statement.endsWith('as distinta_0'))).toBe(true);
    });
  });
});
