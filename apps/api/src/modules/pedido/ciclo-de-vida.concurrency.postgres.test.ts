import { pedidosConGruposResponseSchema } from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import {
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  participantesGrupo,
  reembolsos,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { createTestClock } from '../../lib/clock';
import { type LoggedIn, login } from '../../test/auth-helpers';
import { aprobarEnSandboxSinNotificar, notificarPago } from '../../test/pago-helpers';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  crearPreferencia,
  pagarEnSandbox,
  pedidoDePrueba,
} from '../../test/pedido-helpers';
import {
  crearProducto,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';

const enPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The order lifecycle's races found from outside in issue 32, as the product team and shoppers
 * would meet them. On PostgreSQL each request's transaction has its own pooled connection, so
 * the requests sent together really run at the same time; on PGlite (one connection) nothing
 * races, so these run only with TEST_DATABASE_URL.
 */
describe.skipIf(!enPostgres)('the order lifecycle under concurrency (PostgreSQL)', () => {
  const clock = createTestClock();
  const ahora = () => clock.now();
  let t: TestApp;
  let vendedor: VendedorDePrueba;
  let admin: LoggedIn;
  let secreto: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
    await t.app.ready();
    vendedor = await vendedorConTienda(t);
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
      { clock },
    );
    secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
    admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
  });
  afterAll(() => t?.close());

  const producto = async (lugares: number, stock = '50') =>
    (
      await crearProducto(t, vendedor, {
        stock,
        precio: '1000',
        cantidadTotalGrupo: String(lugares),
      })
    )._id;

  async function pedido(who: CompradorDePrueba, productoIds: string[]) {
    const body = await pedidoDePrueba(
      t,
      who,
      productoIds.map((productoId) => ({ productoId, cantidadSolicitada: 1 })),
      productoIds.map(() => vendedor.tiendaId),
    );
    const res = await crearPreferencia(t, who, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().pedidoId as string;
  }

  const grupoDe = async (pedidoId: string, productoId: string) => {
    const [fila] = await t.database.db
      .select({ id: gruposDeCompra.id })
      .from(participantesGrupo)
      .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
      .where(
        and(eq(participantesGrupo.pedidoId, pedidoId), eq(gruposDeCompra.productoId, productoId)),
      );
    if (!fila) throw new Error('sin grupo');
    return fila.id;
  };

  it('two groups of one paid part cancelled at the same moment refund it whole, shipping included (5 times)', async () => {
    const resultados: string[] = [];
    for (let vez = 1; vez <= 5; vez++) {
      const comprador = await compradorConDireccion(t);
      const p1 = await producto(5);
      const p2 = await producto(5);
      const pedidoId = await pedido(comprador, [p1, p2]);
      const pagoId = await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
        secreto,
        ahora,
      });
      const [parte] = await t.database.db
        .select()
        .from(pagosPorVendedor)
        .where(eq(pagosPorVendedor.pedidoId, pedidoId));
      expect(parte?.estado).toBe('aprobado');
      const grupos = [await grupoDe(pedidoId, p1), await grupoDe(pedidoId, p2)];

      // The product team cancels both groups at once: two admin requests in parallel.
      const respuestas = await Promise.all(
        grupos.map((grupoId) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/grupos/${grupoId}/cancelar`,
            headers: admin.auth,
          }),
        ),
      );
      for (const res of respuestas) expect(res.statusCode, res.body).toBe(200);

      const total = parte?.montoCentavos ?? 0;
      const registrados = await t.database.db
        .select({ monto: sql<number>`coalesce(sum(${reembolsos.montoCentavos}), 0)::int` })
        .from(reembolsos)
        .where(eq(reembolsos.pedidoId, pedidoId));
      const [alProveedor] = await t.database.db
        .select()
        .from(mpSandboxPagos)
        .where(eq(mpSandboxPagos.id, pagoId));
      const misPedidos = await t.app.inject({
        method: 'POST',
        url: '/api/pedido/obtenerPedidosConGruposPorUsuario',
        headers: comprador.auth,
        payload: { usuarioId: comprador.userId },
      });
      const [orden] = pedidosConGruposResponseSchema
        .parse(misPedidos.json())
        .filter((p) => p._id === pedidoId);
      const mostrada = orden?.partes[0];
      resultados.push(
        `vez ${vez}: pagado ${total}, registrado ${registrados[0]?.monto}, devuelto por el proveedor ${alProveedor?.estado}, Mis Pedidos: ${mostrada?.estado} con ${Math.round((mostrada?.reembolsado ?? 0) * 100)} reembolsados`,
      );
      const entero =
        registrados[0]?.monto === total &&
        alProveedor?.estado === 'refunded' &&
        mostrada?.estado === 'reembolsada' &&
        Math.round((mostrada?.reembolsado ?? 0) * 100) === total;
      if (!entero) resultados[resultados.length - 1] += ' ← no se reembolsó entera';
    }
    expect(
      resultados.filter((r) => r.endsWith('no se reembolsó entera')),
      resultados.join('\n'),
    ).toEqual([]);
  });

  it("a shopper's payment notification and their next order at the same instant never answer 500 (20 times)", async () => {
    // Groups of one: each approval fills its group, and the shopper is told so (a notice for
    // their user row) while the approval holds the product that the next order takes.
    const p = await producto(1, '200');
    const comprador = await compradorConDireccion(t);
    let pendiente = await pedido(comprador, [p]);
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: p, cantidadSolicitada: 1 }],
      [vendedor.tiendaId],
    );
    const errores: string[] = [];
    for (let vez = 1; vez <= 20; vez++) {
      const pagoId = await aprobarEnSandboxSinNotificar(t, comprador, pendiente, vendedor.tiendaId);
      const [notificacion, otroPedido] = await Promise.all([
        notificarPago(t, pagoId, { secreto, ahora }),
        crearPreferencia(t, comprador, body),
      ]);
      if (notificacion.statusCode !== 200) {
        errores.push(
          `vez ${vez}: el webhook respondió ${notificacion.statusCode} ${notificacion.body}`,
        );
      }
      if (otroPedido.statusCode !== 201) {
        errores.push(
          `vez ${vez}: crearPreferencia respondió ${otroPedido.statusCode} ${otroPedido.body}`,
        );
      }
      // The next time pays the order just made (it replaced any older unpaid one).
      pendiente =
        otroPedido.statusCode === 201
          ? (otroPedido.json().pedidoId as string)
          : await pedido(comprador, [p]);
    }
    expect(errores, errores.join('\n')).toEqual([]);
  });
});
