import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { trabajos } from '../db/schema';
import { createTestClock, type TestClock } from '../lib/clock';
import { openTestDatabase } from '../test/test-database';
import { createJobRunner, type JobRunner, PermanentJobError } from './job-runner';

const avisoSchema = z.object({ pedidoId: z.string() });

let database: DatabaseHandle;
let clock: TestClock;
let runner: JobRunner;
let runs: Array<{ pedidoId: string; intento: number }>;
let failuresLeft: number;
let failWith: () => Error;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(trabajos);
  clock = createTestClock();
  runs = [];
  failuresLeft = 0;
  failWith = () => new Error('el proveedor no responde');
  runner = createJobRunner({
    db: database.db,
    clock,
    leaseMs: 60_000,
    backoffBaseMs: 1_000,
    backoffMaxMs: 3_000,
    maxIntentos: 4,
  });
  runner.register('aviso', avisoSchema, async (payload, { intento }) => {
    runs.push({ pedidoId: payload.pedidoId, intento });
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      throw failWith();
    }
  });
});

const findTrabajo = async (id: string | undefined) => {
  const [row] = await database.db
    .select()
    .from(trabajos)
    .where(eq(trabajos.id, id ?? ''));
  if (!row) throw new Error('job not found');
  return row;
};

describe('jobs runner', () => {
  it('runs an enqueued job once', async () => {
    const id = await runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 'p1' } });

    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toEqual([{ pedidoId: 'p1', intento: 1 }]);
    const row = await findTrabajo(id);
    expect(row).toMatchObject({ estado: 'hecho', intentos: 1, bloqueadoHasta: null });
  });

  it('enqueues inside a transaction, and not at all when it rolls back', async () => {
    await database.db
      .transaction(async (tx) => {
        await runner.enqueue(tx, { tipo: 'aviso', payload: { pedidoId: 'p-rollback' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await runner.enqueue(tx, { tipo: 'aviso', payload: { pedidoId: 'p-commit' } });
    });

    await runner.runDue();
    expect(runs.map((run) => run.pedidoId)).toEqual(['p-commit']);
  });

  it('waits for ejecutarDesde, driven by the clock', async () => {
    await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p2' },
      ejecutarDesde: new Date(clock.now().getTime() + 30_000),
    });

    expect(await runner.runDue()).toBe(0);
    clock.advance(29_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
  });

  it('retries a failed job with exponential backoff', async () => {
    failuresLeft = 2;
    const id = await runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 'p3' } });

    await runner.runDue();
    let row = await findTrabajo(id);
    expect(row).toMatchObject({
      estado: 'pendiente',
      intentos: 1,
      ultimoError: 'Error: el proveedor no responde',
    });
    expect(row.ejecutarDesde.getTime() - clock.now().getTime()).toBe(1_000);

    clock.advance(999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    row = await findTrabajo(id);
    expect(row.ejecutarDesde.getTime() - clock.now().getTime()).toBe(2_000);

    clock.advance(2_000);
    expect(await runner.runDue()).toBe(1);
    row = await findTrabajo(id);
    expect(row).toMatchObject({ estado: 'hecho', intentos: 3, ultimoError: null });
    expect(runs.map((run) => run.intento)).toEqual([1, 2, 3]);
  });

  it('gives up after the maximum attempts, keeping a bounded, scrubbed error', async () => {
    failuresLeft = 100;
    failWith = () => new Error(`falló para ana@example.com ${'x'.repeat(5_000)}`);
    const id = await runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 'p4' } });

    for (let i = 0; i < 10; i += 1) {
      await runner.runDue();
      clock.advance(3_000);
    }
    expect(runs).toHaveLength(4);
    const row = await findTrabajo(id);
    expect(row).toMatchObject({ estado: 'fallido', intentos: 4 });
    expect(row.ultimoError?.length).toBeLessThanOrEqual(1000);
    expect(row.ultimoError).not.toContain('ana@example.com');
  });

  it('fails at once on a permanent error or a payload that does not parse', async () => {
    failuresLeft = 1;
    failWith = () => new PermanentJobError('el pedido ya no existe');
    const permanent = await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p5' },
    });
    const malformed = await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p6' },
    });
    await database.db
      .update(trabajos)
      .set({ payload: { pedidoId: 7 } })
      .where(eq(trabajos.id, malformed ?? ''));

    await runner.runDue();
    expect(await findTrabajo(permanent)).toMatchObject({ estado: 'fallido', intentos: 1 });
    const row = await findTrabajo(malformed);
    expect(row).toMatchObject({ estado: 'fallido', intentos: 1 });
    expect(row.ultimoError).toMatch(/^PermanentJobError: Payload inválido/);
  });

  it('refuses an unknown type or a payload that does not match at enqueue', async () => {
    await expect(runner.enqueue(database.db, { tipo: 'otro', payload: {} })).rejects.toThrow(
      /No handler/,
    );
    await expect(
      runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 1 } }),
    ).rejects.toThrow();
  });

  it('keeps one job per dedupe key', async () => {
    const first = await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p7' },
      clave: 'aviso:p7',
    });
    const second = await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p7' },
      clave: 'aviso:p7',
    });

    expect(first).toBeDefined();
    expect(second).toBeUndefined();
    await runner.runDue();
    expect(runs).toHaveLength(1);
    // The key stays taken after the job is done: the same logical job never runs twice.
    expect(
      await runner.enqueue(database.db, {
        tipo: 'aviso',
        payload: { pedidoId: 'p7' },
        clave: 'aviso:p7',
      }),
    ).toBeUndefined();
  });

  it('runs again a job whose runner crashed, once its lease is over', async () => {
    const id = await runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 'p8' } });
    // A runner that claims the job and dies before finishing it.
    const crashed = createJobRunner({ db: database.db, clock, leaseMs: 60_000 });
    crashed.register('aviso', avisoSchema, () => new Promise<void>(() => undefined));
    void crashed.runDue();
    await expect.poll(async () => (await findTrabajo(id)).estado).toBe('en_curso');

    expect(await runner.runDue()).toBe(0);
    clock.advance(59_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(runs).toEqual([{ pedidoId: 'p8', intento: 2 }]);
    expect(await findTrabajo(id)).toMatchObject({ estado: 'hecho', intentos: 2 });
  });

  it('fails a job whose lease ran out on its last attempt', async () => {
    const id = await runner.enqueue(database.db, {
      tipo: 'aviso',
      payload: { pedidoId: 'p9' },
      maxIntentos: 1,
    });
    const crashed = createJobRunner({ db: database.db, clock, leaseMs: 60_000 });
    crashed.register('aviso', avisoSchema, () => new Promise<void>(() => undefined));
    void crashed.runDue();
    await expect.poll(async () => (await findTrabajo(id)).estado).toBe('en_curso');

    clock.advance(60_000);
    expect(await runner.runDue()).toBe(0);
    expect(runs).toHaveLength(0);
    expect(await findTrabajo(id)).toMatchObject({ estado: 'fallido', intentos: 1 });
  });

  it('does not record the end of a job whose lease was lost and that was claimed again', async () => {
    const id = await runner.enqueue(database.db, { tipo: 'aviso', payload: { pedidoId: 'p10' } });
    let release: () => void = () => undefined;
    const slow = createJobRunner({ db: database.db, clock, leaseMs: 60_000 });
    slow.register('aviso', avisoSchema, () => {
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const slowRun = slow.runDue();
    await expect.poll(async () => (await findTrabajo(id)).estado).toBe('en_curso');

    clock.advance(60_000);
    failuresLeft = 1;
    await runner.runDue(); // the second claim fails and schedules a retry
    release();
    await slowRun; // the slow runner's success must not overwrite that
    expect(await findTrabajo(id)).toMatchObject({ estado: 'pendiente', intentos: 2 });
  });

  it('polls once started and stops cleanly, waiting for a running job', async () => {
    let finish: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const polling = createJobRunner({ db: database.db, clock, pollIntervalMs: 5 });
    polling.register('lento', z.object({}), async () => {
      started();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    const id = await polling.enqueue(database.db, { tipo: 'lento', payload: {} });

    polling.start();
    await running;
    const stopped = polling.stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    finish();
    await stopped;
    expect(await findTrabajo(id)).toMatchObject({ estado: 'hecho' });
  });
});
