import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * A scrape on a database that does not answer its gauges' reads: the jobs and the outbox tables
 * locked by another transaction, as a long migration or a stuck maintenance would. PostgreSQL
 * cancels the reads after their second (`conTiempoLimite`), the scrape answers, and no
 * connection stays waiting behind the lock.
 */
describe.skipIf(!serverUrl)('GET /metrics on PostgreSQL with its tables locked', () => {
  let t: TestApp;
  let bloqueo: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    bloqueo = new pg.Client({ connectionString: t.database.connectionString });
    await bloqueo.connect();
  });
  afterAll(async () => {
    await bloqueo?.end();
    await t?.close();
  });

  const esperando = async () => {
    const { rows } = await bloqueo.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
       WHERE NOT granted AND relation IN ('trabajos'::regclass, 'eventos_salientes'::regclass)`,
    );
    return rows[0]?.n ?? 0;
  };

  it('answers in about a second, the queue gauges as they were, and leaves nothing waiting', async () => {
    const antes = (await t.app.inject({ url: '/metrics' })).body;
    expect(antes).toMatch(
      /^compra_grupal_trabajos_en_cola\{tipo="correo\.enviar",estado="pendiente"\} \d+$/m,
    );

    await bloqueo.query('BEGIN');
    await bloqueo.query('LOCK TABLE trabajos, eventos_salientes IN ACCESS EXCLUSIVE MODE');
    try {
      const inicio = performance.now();
      const res = await t.app.inject({ url: '/metrics' });
      const ms = performance.now() - inicio;
      expect(res.statusCode).toBe(200);
      expect(ms).toBeGreaterThan(900);
      expect(ms).toBeLessThan(2_500);
      expect(res.body).toMatch(
        /^compra_grupal_trabajos_en_cola\{tipo="correo\.enviar",estado="pendiente"\} \d+$/m,
      );
      // Both reads were cancelled by PostgreSQL, not only abandoned by the scrape.
      expect(await esperando()).toBe(0);
    } finally {
      await bloqueo.query('ROLLBACK');
    }
  });
});
