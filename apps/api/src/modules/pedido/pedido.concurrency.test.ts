import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidoLineas, productos } from '../../db/schema';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import { crearProducto, vendedorConTienda } from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

const enPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Two shoppers racing for the last units (docs/decisions/024). On PostgreSQL every request's
 * transaction has its own pooled connection, so the conditional updates really race; on
 * PGlite (one connection) nothing races, so the test runs only with TEST_DATABASE_URL.
 */
describe.skipIf(!enPostgres)('stock reservations under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('50 buyers, 10 units: exactly 10 reserved, 40 clear 409s naming the product', async () => {
    const vendedor = await vendedorConTienda(t);
    const p = await crearProducto(t, vendedor, { stock: '10', nombre: 'Miel pura 1 kg' });
    const compradores: CompradorDePrueba[] = [];
    for (let i = 0; i < 5; i++) {
      compradores.push(
        ...(await Promise.all(Array.from({ length: 10 }, () => compradorConDireccion(t)))),
      );
    }
    const cuerpos = await Promise.all(
      compradores.map((c) =>
        pedidoDePrueba(t, c, [{ productoId: p._id, cantidadSolicitada: 1 }], [vendedor.tiendaId]),
      ),
    );
    const respuestas = await Promise.all(
      compradores.map((c, i) => crearPreferencia(t, c, cuerpos[i] as object)),
    );
    const creados = respuestas.filter((r) => r.statusCode === 201);
    const rechazados = respuestas.filter((r) => r.statusCode !== 201);
    expect(creados).toHaveLength(10);
    expect(rechazados).toHaveLength(40);
    for (const r of rechazados) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({
        code: 'STOCK_INSUFICIENTE',
        error: 'No hay stock suficiente de Miel pura 1 kg',
      });
    }
    const [producto] = await t.database.db.select().from(productos).where(eq(productos.id, p._id));
    expect(producto?.stock).toBe(0);
    const lineas = await t.database.db
      .select()
      .from(pedidoLineas)
      .where(eq(pedidoLineas.productoId, p._id));
    expect(lineas.reduce((n, l) => n + l.cantidad, 0)).toBe(10);
  });
});
