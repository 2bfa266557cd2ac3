import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { trabajos } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

it('registers every job the modules declare, the queued ones services enqueue included', async () => {
  const tipos = (await t.app.jobs.enCola()).map((cola) => cola.tipo);
  // Names as rows already queued carry them: they must not change.
  expect(tipos).toEqual(
    expect.arrayContaining([
      'correo.enviar',
      'cuenta.recuperacion',
      'mercadopago-sandbox.notificar',
      'pedido.liberar-reservas-vencidas',
    ]),
  );
});

it('runs jobs once the server listens, and waits for a running one on close', async () => {
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finish: () => void = () => undefined;
  t.app.jobs.register('prueba', z.object({ nombre: z.string() }), async () => {
    started();
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
  });
  const id = await t.app.jobs.enqueue(t.database.db, {
    tipo: 'prueba',
    payload: { nombre: 'uno' },
  });

  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await running;
  const closed = t.app.close();
  setImmediate(() => finish());
  await closed;

  const [row] = await t.database.db
    .select({ estado: trabajos.estado })
    .from(trabajos)
    .where(eq(trabajos.id, id ?? ''));
  expect(row?.estado).toBe('hecho');
});
