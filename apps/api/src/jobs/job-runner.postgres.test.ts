import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { trabajos } from '../db/schema';
import { createJobRunner, type JobRunner } from './job-runner';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two runners, each on its own connection pool to one PostgreSQL database (as two API
 * processes would be), polling at the same time: each job runs exactly once.
 */
describe.skipIf(!serverUrl)('jobs runner on PostgreSQL, two processes', () => {
  const name = `cg_test_${randomBytes(6).toString('hex')}`;
  const handles: DatabaseHandle[] = [];

  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin((client) => client.query(`CREATE DATABASE "${name}"`));
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i += 1) {
      handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    }
    await handles[0]?.migrate();
  });

  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await admin(async (client) => {
      // pg's pool.end() resolves before its sockets close; a forced drop would then kill
      // connections whose clients no longer listen for errors. Wait for them to go.
      const deadline = Date.now() + 5_000;
      for (;;) {
        const { rows } = await client.query<{ count: number }>(
          'select count(*)::int as count from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.count === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  });

  it('runs each of many jobs once with both runners polling', async () => {
    const total = 60;
    const runsPerJob = new Map<number, number>();
    const runsPerRunner = [0, 0];
    let finished = 0;
    let allDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      allDone = resolve;
    });

    const runners: JobRunner[] = handles.map((handle, index) => {
      const runner = createJobRunner({ db: handle.db, pollIntervalMs: 5, batchSize: 4 });
      runner.register('contar', z.object({ n: z.number().int() }), async ({ n }) => {
        runsPerJob.set(n, (runsPerJob.get(n) ?? 0) + 1);
        runsPerRunner[index] = (runsPerRunner[index] ?? 0) + 1;
        // Some work, so that both runners hold claims at the same time.
        await new Promise((resolve) => setTimeout(resolve, 2));
        finished += 1;
        if (finished === total) allDone();
      });
      return runner;
    });
    const [first, second] = runners;
    if (!first || !second || !handles[0]) throw new Error('two runners expected');

    for (let n = 0; n < total; n += 1) {
      await first.enqueue(handles[0].db, { tipo: 'contar', payload: { n } });
    }
    first.start();
    second.start();
    await done;
    await Promise.all([first.stop(), second.stop()]);

    expect(runsPerJob.size).toBe(total);
    expect([...runsPerJob.values()].every((count) => count === 1)).toBe(true);
    const hechos = await handles[0].db
      .select({ id: trabajos.id })
      .from(trabajos)
      .where(eq(trabajos.estado, 'hecho'));
    expect(hechos).toHaveLength(total);
    // Both runners took part (each claims a few jobs per round while the other works).
    expect(runsPerRunner.every((count) => count > 0)).toBe(true);
  });

  it('runs each job once when two runners claim at the same moment', async () => {
    const total = 40;
    const runsPerJob = new Map<number, number>();
    const runners = handles.map((handle) => {
      const runner = createJobRunner({ db: handle.db, batchSize: 3 });
      runner.register('marcar', z.object({ n: z.number().int() }), async ({ n }) => {
        runsPerJob.set(n, (runsPerJob.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 1));
      });
      return runner;
    });
    const db = handles[0]?.db;
    if (!db || !runners[0]) throw new Error('a runner expected');
    for (let n = 0; n < total; n += 1) {
      await runners[0].enqueue(db, { tipo: 'marcar', payload: { n } });
    }

    const ran = await Promise.all(runners.map((runner) => runner.runDue()));

    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(total);
    expect(runsPerJob.size).toBe(total);
    expect([...runsPerJob.values()].every((count) => count === 1)).toBe(true);
  });
});
