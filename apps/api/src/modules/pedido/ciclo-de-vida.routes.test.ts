import { randomUUID } from 'node:crypto';
import {
  avisosPaginaSchema,
  pedidosConGruposResponseSchema,
  todosLosPedidosResponseSchema,
} from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { firmarNotificacion } from '../../adapters/payments/webhook-signature';
import {
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  pagosProveedor,
  participantesGrupo,
  pedidos,
  productos,
  reembolsos,
} from '../../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { createTestClock } from '../../lib/clock';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
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

/**
 * The order lifecycle from outside (docs/decisions/028): what the issue found as a shopper and
 * an attacker would, and what must hold instead.
 */
const clock = createTestClock();
let t: TestApp;
let vendedor: VendedorDePrueba;
let admin: LoggedIn;
let repartidor: LoggedIn;
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
  repartidor = await registerAndLogin(t.app);
  await t.database.db.execute(
    sql`update usuarios set es_repartidor = true where id = ${repartidor.userId}`,
  );
});
afterAll(() => t.close());

const producto = async (lugares: number, precio = '1000') =>
  (
    await crearProducto(t, vendedor, {
      stock: '50',
      precio,
      cantidadTotalGrupo: String(lugares),
    })
  )._id;

async function pedidoSinPagar(who: CompradorDePrueba, productoIds: string[]) {
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

const misPedidos = async (who: CompradorDePrueba) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/pedido/obtenerPedidosConGruposPorUsuario',
    headers: who.auth,
    payload: { usuarioId: who.userId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return pedidosConGruposResponseSchema.parse(res.json());
};

const stockDe = async (productoId: string) => {
  const [fila] = await t.database.db
    .select({ stock: productos.stock })
    .from(productos)
    .where(eq(productos.id, productoId));
  return fila?.stock;
};

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

describe('a part whose groups end differently', () => {
  it('ships what filled with its shipping and refunds the cancelled line: never stranded', async () => {
    const comprador = await compradorConDireccion(t);
    const p1 = await producto(5);
    const p2 = await producto(1);
    const pedidoId = await pedidoSinPagar(comprador, [p1, p2]);
    await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
      secreto,
      ahora: () => clock.now(),
    });

    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/admin/grupos/${await grupoDe(pedidoId, p1)}/cancelar`,
      headers: admin.auth,
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    // The cancelled line's price goes back; P2 and the shipping still ship.
    expect(cancelar.json().montoReembolsado).toBe(1000);

    const [orden] = (await misPedidos(comprador)).filter((p) => p._id === pedidoId);
    expect(orden?.estado).toBe('completo');
    expect(orden?.partes[0]).toMatchObject({ estado: 'lista', reembolsado: 1000 });

    // The courier sees it, without the refunded product.
    const lista = todosLosPedidosResponseSchema.parse(
      (
        await t.app.inject({ url: '/api/pedido/obtenerTodosLosPedidos', headers: repartidor.auth })
      ).json(),
    );
    const suya = lista.find((p) => p._id === pedidoId);
    expect(suya?.productos).toHaveLength(1);

    // The seller delivers it; the order is delivered.
    const marcar = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/marcarPedidoComoEntregado',
      headers: vendedor.auth,
      payload: { pedidoId },
    });
    expect(marcar.statusCode, marcar.body).toBe(200);
    expect(marcar.json().entregado).toBe(true);
    const [despues] = (await misPedidos(comprador)).filter((p) => p._id === pedidoId);
    expect(despues?.estado).toBe('entregado');
  });

  it('a part whose every group was cancelled is refunded whole, shipping included', async () => {
    const comprador = await compradorConDireccion(t);
    const p1 = await producto(5);
    const pedidoId = await pedidoSinPagar(comprador, [p1]);
    await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
      secreto,
      ahora: () => clock.now(),
    });
    const [parte] = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/admin/grupos/${await grupoDe(pedidoId, p1)}/cancelar`,
      headers: admin.auth,
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    expect(cancelar.json().montoReembolsado * 100).toBe(parte?.montoCentavos);

    const [orden] = (await misPedidos(comprador)).filter((p) => p._id === pedidoId);
    expect(orden?.estado).toBe('reembolsado');
    expect(orden?.partes[0]).toMatchObject({ estado: 'reembolsada', estadoPago: 'reembolsado' });
    const pagos = await t.app.inject({
      url: `/api/pedido/estadoPagos/${pedidoId}`,
      headers: comprador.auth,
    });
    expect(pagos.json().pagosPorVendedor[0]).toMatchObject({
      estado: 'reembolsado',
      estadoParte: 'reembolsada',
      reembolsado: (parte?.montoCentavos ?? 0) / 100,
    });
    // Nothing to deliver: 409, and the courier never lists it.
    const marcar = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/marcarPedidoComoEntregado',
      headers: vendedor.auth,
      payload: { pedidoId },
    });
    expect(marcar.statusCode).toBe(409);
  });
});

describe('what a cancelled group leaves behind (issue 32)', () => {
  it("gives the group's units back on sale: stock 10, one bought and paid, cancelled → 10", async () => {
    const comprador = await compradorConDireccion(t);
    const p1 = (await crearProducto(t, vendedor, { stock: '10', cantidadTotalGrupo: '5' }))._id;
    const pedidoId = await pedidoSinPagar(comprador, [p1]);
    await pagarEnSandbox(t, comprador, pedidoId, vendedor.tiendaId, {
      secreto,
      ahora: () => clock.now(),
    });
    expect(await stockDe(p1)).toBe(9);

    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/admin/grupos/${await grupoDe(pedidoId, p1)}/cancelar`,
      headers: admin.auth,
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);
    // Refunded: nobody bought that unit any more.
    expect(await stockDe(p1)).toBe(10);
  });

  it("an order whose other store delivered is delivered when this store's group is cancelled", async () => {
    // Store A ships a product in groups of one (ready once paid); store B's group is cancelled.
    const otra = await vendedorConTienda(t);
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: otra.userId, tiendaId: otra.tiendaId },
      { clock },
    );
    const comprador = await compradorConDireccion(t);
    const deA = await producto(1);
    const deB = (await crearProducto(t, otra, { stock: '50', cantidadTotalGrupo: '5' }))._id;
    const body = await pedidoDePrueba(
      t,
      comprador,
      [
        { productoId: deA, cantidadSolicitada: 1 },
        { productoId: deB, cantidadSolicitada: 1 },
      ],
      [vendedor.tiendaId, otra.tiendaId],
    );
    const creado = await crearPreferencia(t, comprador, body);
    expect(creado.statusCode, creado.body).toBe(201);
    const pedidoId = creado.json().pedidoId as string;
    for (const tiendaId of [vendedor.tiendaId, otra.tiendaId]) {
      await pagarEnSandbox(t, comprador, pedidoId, tiendaId, { secreto, ahora: () => clock.now() });
    }
    const entregar = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/marcarPedidoComoEntregado',
      headers: vendedor.auth,
      payload: { pedidoId },
    });
    expect(entregar.statusCode, entregar.body).toBe(200);
    expect(entregar.json().entregado).toBe(false);

    const cancelar = await t.app.inject({
      method: 'POST',
      url: `/api/admin/grupos/${await grupoDe(pedidoId, deB)}/cancelar`,
      headers: admin.auth,
    });
    expect(cancelar.statusCode, cancelar.body).toBe(200);

    // Store B's part is refunded whole and A's was delivered: nothing else ships. Mis Pedidos,
    // the courier's list of undelivered orders and the shopper's notices all say delivered.
    const [orden] = (await misPedidos(comprador)).filter((p) => p._id === pedidoId);
    expect(orden?.partes.map((p) => p.estado).sort()).toEqual(['entregada', 'reembolsada']);
    const sinEntregar = await t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosSinEntregarPorIds',
      headers: repartidor.auth,
      payload: { pedidoIds: [pedidoId] },
    });
    expect(sinEntregar.statusCode, sinEntregar.body).toBe(200);
    const avisos = await t.app.inject({ url: '/api/aviso', headers: comprador.auth });
    expect(avisos.statusCode, avisos.body).toBe(200);
    expect({
      estado: orden?.estado,
      entregado: orden?.entregado,
      enLaListaDeSinEntregar: (sinEntregar.json() as string[]).includes(pedidoId),
      avisosDeEntrega: avisosPaginaSchema
        .parse(avisos.json())
        .avisos.filter((a) => a.tipo === 'pedido_entregado').length,
    }).toEqual({
      estado: 'entregado',
      entregado: true,
      enLaListaDeSinEntregar: false,
      avisosDeEntrega: 1,
    });
  });
});

describe('money checks', () => {
  it('a correctly signed approval of $0.01 for a part of more is refunded, never approved', async () => {
    const comprador = await compradorConDireccion(t);
    const p1 = await producto(3, '6930');
    const pedidoId = await pedidoSinPagar(comprador, [p1]);
    const link = await t.app.inject({
      url: `/api/pedido/linkPago/${pedidoId}/${vendedor.tiendaId}`,
      headers: comprador.auth,
    });
    const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/mercadopago/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pref_id: prefId, accion: 'aprobar' }).toString(),
    });
    const dataId = new URL(checkout.headers.location as string).searchParams.get(
      'payment_id',
    ) as string;
    // The provider's record says one centavo was paid (as a tampered checkout would).
    const [pago] = await t.database.db
      .select()
      .from(mpSandboxPagos)
      .where(eq(mpSandboxPagos.id, dataId));
    await t.database.db
      .update(mpSandboxPagos)
      .set({ datos: { ...(pago?.datos as object), amountCentavos: 1 } })
      .where(eq(mpSandboxPagos.id, dataId));

    const requestId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
      headers: {
        'x-request-id': requestId,
        'x-signature': firmarNotificacion(secreto, { dataId, requestId, ahora: clock.now() }),
      },
      payload: { type: 'payment', data: { id: dataId } },
    });
    expect(res.statusCode, res.body).toBe(200);

    const [parte] = await t.database.db
      .select()
      .from(pagosPorVendedor)
      .where(eq(pagosPorVendedor.pedidoId, pedidoId));
    expect(parte?.estado).toBe('pendiente');
    const [orden] = await t.database.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
    expect(orden?.aprobado).toBe(false);
    const lugares = await t.database.db
      .select()
      .from(participantesGrupo)
      .where(eq(participantesGrupo.pedidoId, pedidoId));
    expect(lugares).toHaveLength(0);
    const [registro] = await t.database.db
      .select()
      .from(pagosProveedor)
      .where(eq(pagosProveedor.proveedorPagoId, dataId));
    expect(registro?.estado).toBe('a_reembolsar');
    const [reembolso] = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.clave, `reembolso-${dataId}`));
    expect(reembolso).toMatchObject({ motivo: 'pago_no_coincide', estado: 'reembolsado' });

    // The product team sees it.
    const vista = await t.app.inject({ url: '/api/admin/reembolsos', headers: admin.auth });
    expect(vista.statusCode, vista.body).toBe(200);
    expect(vista.json().reembolsos.map((r: { pedidoId: string }) => r.pedidoId)).toContain(
      pedidoId,
    );
  });
});
