import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos, tiendas } from '../../db/schema';
import { demoTiendaId } from '../../demo/demo-tiendas';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A store's card summary is kept by statement-level triggers on its products. A purchase only
 * changes stock, which the summary does not show: it must not touch (and so lock) the store's
 * row, or purchases from one seller would queue on it and purchases from two sellers in
 * opposite order would deadlock. Two open transactions need two connections: PostgreSQL only.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('store summaries and stock under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { demoStores: true });
  });
  afterAll(() => t.close());

  const productosDe = async (tiendaId: string) =>
    (
      await t.database.db
        .select({ id: productos.id })
        .from(productos)
        .where(eq(productos.tiendaId, tiendaId))
        .orderBy(productos.id)
    ).map((row) => row.id);

  /** Holds a transaction open after its statements until `release` is called. */
  function openTransaction(work: (tx: typeof t.database.db) => Promise<void>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let ready!: () => void;
    const worked = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const finished = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL lock_timeout = '3s'`);
      await work(tx as unknown as typeof t.database.db);
      ready();
      await released;
    });
    // Done when its statements ran, or failed when one of them did (a lock timeout).
    const done = Promise.race([worked, finished.then(() => undefined)]);
    return { done, release, finished };
  }

  const restarStock = async (tx: typeof t.database.db, productoId: string) => {
    await tx
      .update(productos)
      .set({ stock: sql`${productos.stock} - 1` })
      .where(eq(productos.id, productoId));
  };

  it('two purchases from one store do not wait for each other', async () => {
    const [p1, p2] = await productosDe(demoTiendaId(0));
    if (!p1 || !p2) throw new Error('the demo store needs two products');
    const first = openTransaction((tx) => restarStock(tx, p1));
    await first.done;
    // With the store row locked by the first purchase, this would wait and time out.
    const second = openTransaction((tx) => restarStock(tx, p2));
    await second.done;
    second.release();
    first.release();
    await expect(Promise.all([first.finished, second.finished])).resolves.toBeDefined();
  });

  it('two purchases from two stores in opposite order do not deadlock', async () => {
    const [a] = await productosDe(demoTiendaId(0));
    const [b, b2] = await productosDe(demoTiendaId(1));
    const [, a2] = await productosDe(demoTiendaId(0));
    if (!a || !a2 || !b || !b2) throw new Error('the demo stores need two products each');
    const first = openTransaction(async (tx) => {
      await restarStock(tx, a);
      await restarStock(tx, b);
    });
    const second = openTransaction(async (tx) => {
      await restarStock(tx, b2);
      await restarStock(tx, a2);
    });
    await Promise.all([first.done, second.done]);
    first.release();
    second.release();
    await expect(Promise.all([first.finished, second.finished])).resolves.toBeDefined();
  });

  it('a change the card shows still refreshes the summary', async () => {
    const tiendaId = demoTiendaId(0);
    const [p1] = await productosDe(tiendaId);
    if (!p1) throw new Error('the demo store needs a product');
    await t.database.db
      .update(productos)
      .set({ nombre: 'Nombre nuevo para la tarjeta', fechaCreacion: new Date() })
      .where(eq(productos.id, p1));
    const [tienda] = await t.database.db
      .select({ destacados: tiendas.productosDestacados })
      .from(tiendas)
      .where(eq(tiendas.id, tiendaId));
    expect(JSON.stringify(tienda?.destacados)).toContain('Nombre nuevo para la tarjeta');
  });
});
