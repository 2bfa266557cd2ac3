import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { pagosPorVendedor, productos, reembolsos } from '../../db/schema';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import { crearProducto, vendedorConTienda } from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';

const enPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Fifty shoppers racing for the last units (docs/decisions/024 and 050). On PostgreSQL every
 * request's transaction has its own pooled connection, so the checkouts and the approvals'
 * conditional updates really race; on PGlite (one connection) nothing races, so the test runs
 * only with TEST_DATABASE_URL.
 */
describe.skipIf(!enPostgres)('the last units under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
    await t.app.ready();
  });
  afterAll(() => t?.close());

  it('50 buyers, 10 units: all check out, 10 payments sell them, 40 are refunded whole', async () => {
    const vendedor = await vendedorConTienda(t);
    await vincularCuentaDePrueba(t.database.db, {
      usuarioId: vendedor.userId,
      tiendaId: vendedor.tiendaId,
    });
    const secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
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
    // A checkout takes no units: nobody paid yet, so all 50 hold an order.
    const respuestas = await Promise.all(
      compradores.map((c, i) => crearPreferencia(t, c, cuerpos[i] as object)),
    );
    for (const r of respuestas) expect(r.statusCode, r.body).toBe(201);
    const pedidoIds = respuestas.map((r) => r.json().pedidoId as string);

    await Promise.all(
      compradores.map((c, i) =>
        pagarEnSandbox(t, c, pedidoIds[i] as string, vendedor.tiendaId, {
          secreto,
          ahora: () => new Date(),
        }),
      ),
    );
    const [producto] = await t.database.db.select().from(productos).where(eq(productos.id, p._id));
    expect(producto?.stock).toBe(0);
    const partes = await t.database.db
      .select({ estado: pagosPorVendedor.estado })
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.tiendaId, vendedor.tiendaId));
    const cuenta = (estado: string) => partes.filter((x) => x.estado === estado).length;
    expect([cuenta('aprobado'), cuenta('reembolsado')]).toEqual([10, 40]);
    const devueltos = await t.database.db
      .select({ motivo: reembolsos.motivo })
      .from(reembolsos)
      .where(eq(reembolsos.tiendaId, vendedor.tiendaId));
    expect(devueltos).toHaveLength(40);
    for (const r of devueltos) expect(r.motivo).toBe('sin_stock');
  });
});
