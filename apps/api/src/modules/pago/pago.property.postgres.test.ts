import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { firmarNotificacion } from '../../adapters/payments/webhook-signature';
import {
  gruposDeCompra,
  pagosProveedor,
  participantesGrupo,
  pedidos,
  productos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import {
  crearProducto,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { violacionesDeInvariantes } from '../grupo-de-compra/ledger-test-helpers';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';

/**
 * Property (DESIGN.md section 5, "correct under concurrency"), PostgreSQL only: many orders of
 * one product, each paid (approved or rejected) on the sandbox, their signed notifications
 * delivered 1 to 3 times each, all at once in a generated order through the webhook route.
 * Afterwards every group invariant holds, stock is never negative and falls by exactly the
 * approved quantities, each provider payment is applied once (an approved order's lines hold
 * exactly its quantity of places, a rejected one's none).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
/** The fewest orders one run makes; each is notified at least once. */
const MIN_PEDIDOS = 25;
/** Four runs on PostgreSQL; one on PGlite, where the notifications take turns. */
const RUNS = serverUrl ? 4 : 1;
const STOCK = 500;
/** The most orders one run makes. */
const MAX_PEDIDOS = 40;

// On PGlite (one connection) the notifications take turns: the same property, without the races.
describe('payment notifications applied concurrently, property', () => {
  const clock = createTestClock();
  let t: TestApp;
  let vendedor: VendedorDePrueba;
  // One shopper per order of a run: a new order replaces its shopper's unpaid one
  // (docs/decisions/029), and these wait for their notifications until the run's end.
  let compradores: CompradorDePrueba[];
  let secreto: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000000' }, { clock });
    await t.app.ready();
    [vendedor, ...compradores] = await Promise.all([
      vendedorConTienda(t),
      ...Array.from({ length: MAX_PEDIDOS }, () => compradorConDireccion(t)),
    ]);
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
      { clock },
    );
    secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
  }, 120_000);
  afterAll(() => t?.close());

  async function pedidoPagado(
    comprador: CompradorDePrueba,
    productoId: string,
    cantidad: number,
    aprobar: boolean,
  ) {
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId, cantidadSolicitada: cantidad }],
      [vendedor.tiendaId],
    );
    const res = await crearPreferencia(t, comprador, body);
    expect(res.statusCode, res.body).toBe(201);
    const pedidoId = res.json().pedidoId as string;
    const link = await t.app.inject({
      url: `/api/pedido/linkPago/${pedidoId}/${vendedor.tiendaId}`,
      headers: comprador.auth,
    });
    expect(link.statusCode, link.body).toBe(200);
    const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
    const pago = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/mercadopago/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        pref_id: prefId,
        accion: aprobar ? 'aprobar' : 'rechazar',
      }).toString(),
    });
    expect(pago.statusCode, pago.body).toBe(302);
    const pagoId = new URL(pago.headers.location as string).searchParams.get(
      'payment_id',
    ) as string;
    return { pedidoId, pagoId };
  }

  function notificar(dataId: string) {
    const requestId = randomUUID();
    return t.app.inject({
      method: 'POST',
      url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
      headers: {
        'x-request-id': requestId,
        'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: clock.now() }),
      },
      payload: { type: 'payment', data: { id: dataId } },
    });
  }

  const pedidoArb = fc.record({
    cantidad: fc.integer({ min: 1, max: 3 }),
    aprobar: fc.boolean(),
    // One delivery per entry; the keys order every delivery of the run.
    entregas: fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  });

  it('hundreds of approvals, rejections and duplicates keep every invariant', async () => {
    let notificaciones = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(pedidoArb, { minLength: MIN_PEDIDOS, maxLength: MAX_PEDIDOS }),
        fc.integer({ min: 2, max: 7 }),
        async (specs, tamañoGrupo) => {
          const producto = await crearProducto(t, vendedor, {
            stock: String(STOCK),
            precio: '100',
            cantidadTotalGrupo: String(tamañoGrupo),
          });
          const hechos = [];
          for (const [i, spec] of specs.entries()) {
            const comprador = compradores[i] as CompradorDePrueba;
            hechos.push({
              ...spec,
              ...(await pedidoPagado(comprador, producto._id, spec.cantidad, spec.aprobar)),
            });
          }
          const entregas = hechos
            .flatMap((h) => h.entregas.map((clave, i) => ({ clave, i, pagoId: h.pagoId })))
            .sort((x, y) => x.clave - y.clave || x.i - y.i);
          notificaciones += entregas.length;
          const respuestas = await Promise.all(entregas.map((e) => notificar(e.pagoId)));
          for (const r of respuestas) expect(r.statusCode, r.body).toBe(200);

          const db = t.database.db;
          expect(await violacionesDeInvariantes(db, [producto._id])).toEqual([]);
          const aprobadas = hechos.filter((h) => h.aprobar);
          const vendidas = aprobadas.reduce((s, h) => s + h.cantidad, 0);
          const [fila] = await db.select().from(productos).where(eq(productos.id, producto._id));
          expect(fila?.stock).toBe(STOCK - vendidas);
          expect(fila?.stock ?? -1).toBeGreaterThanOrEqual(0);
          const grupos = await db
            .select()
            .from(gruposDeCompra)
            .where(eq(gruposDeCompra.productoId, producto._id));
          expect(grupos.reduce((s, g) => s + g.lugaresOcupados, 0)).toBe(vendidas);
          for (const g of grupos) {
            expect(g.lugaresOcupados).toBeGreaterThanOrEqual(0);
            expect(g.lugaresOcupados).toBeLessThanOrEqual(g.lugaresNecesarios);
          }

          const registros = await db
            .select()
            .from(pagosProveedor)
            .where(
              inArray(
                pagosProveedor.proveedorPagoId,
                hechos.map((h) => h.pagoId),
              ),
            );
          expect(registros).toHaveLength(hechos.length);
          const participantes = await db
            .select()
            .from(participantesGrupo)
            .where(
              inArray(
                participantesGrupo.pedidoId,
                hechos.map((h) => h.pedidoId),
              ),
            );
          const filasPedido = await db
            .select()
            .from(pedidos)
            .where(
              inArray(
                pedidos.id,
                hechos.map((h) => h.pedidoId),
              ),
            );
          for (const h of hechos) {
            const registro = registros.find((r) => r.proveedorPagoId === h.pagoId);
            expect(registro?.estado).toBe(h.aprobar ? 'aprobado' : 'rechazado');
            const lugares = participantes
              .filter((p) => p.pedidoId === h.pedidoId)
              .reduce((s, p) => s + p.cantidad, 0);
            expect(lugares).toBe(h.aprobar ? h.cantidad : 0);
            expect(filasPedido.find((p) => p.id === h.pedidoId)?.aprobado).toBe(h.aprobar);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Every run ran: on PostgreSQL four of about 60 notifications each, else at least its orders.
    expect(notificaciones).toBeGreaterThanOrEqual(serverUrl ? 200 : MIN_PEDIDOS);
  }, 180_000);
});
