import { randomUUID } from 'node:crypto';
import { userRoom } from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { TIPO_NOTIFICAR_SANDBOX } from '../../adapters/payments/sandbox-notificaciones';
import { firmarNotificacion } from '../../adapters/payments/webhook-signature';
import {
  eventosSalientes,
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  participantesGrupo,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
  trabajos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { registerAndLogin } from '../../test/auth-helpers';
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
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';

const clock = createTestClock();
let t: TestApp;
let a: VendedorDePrueba;
let b: VendedorDePrueba;
let comprador: CompradorDePrueba;
let secreto: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  [a, b, comprador] = await Promise.all([
    vendedorConTienda(t),
    vendedorConTienda(t),
    compradorConDireccion(t),
  ]);
  for (const v of [a, b]) {
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: v.userId, tiendaId: v.tiendaId },
      { clock },
    );
  }
  secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
});
afterAll(() => t.close());

async function pedidoConDosTiendas(cantidad = 2) {
  // A shopper of its own per order: a new order replaces its shopper's unpaid ones (decision 029).
  comprador = await compradorConDireccion(t);
  const pa = await crearProducto(t, a, { stock: '10', precio: '1000', cantidadTotalGrupo: '5' });
  const pb = await crearProducto(t, b, { stock: '10', precio: '500' });
  const body = await pedidoDePrueba(
    t,
    comprador,
    [
      { productoId: pa._id, cantidadSolicitada: cantidad },
      { productoId: pb._id, cantidadSolicitada: 1 },
    ],
    [a.tiendaId, b.tiendaId],
  );
  const res = await crearPreferencia(t, comprador, body);
  expect(res.statusCode, res.body).toBe(201);
  return { pedidoId: res.json().pedidoId as string, pa: pa._id, pb: pb._id };
}

const linkPago = (
  who: { auth: Record<string, string> } | null,
  pedidoId: string,
  tiendaId: string,
) =>
  t.app.inject({ url: `/api/pedido/linkPago/${pedidoId}/${tiendaId}`, headers: who?.auth ?? {} });

/** Pays on the sandbox checkout page; answers the provider's payment id. */
async function pagar(
  pedidoId: string,
  tiendaId: string,
  accion: 'aprobar' | 'rechazar' | 'pendiente',
) {
  const link = await linkPago(comprador, pedidoId, tiendaId);
  expect(link.statusCode, link.body).toBe(200);
  const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/mercadopago/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pref_id: prefId, accion }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('payment_id') as string;
}

/** Delivers a signed notification of a payment, as the provider would. */
function notificar(
  dataId: string,
  { ahora = clock.now(), firma, userId }: { ahora?: Date; firma?: string; userId?: string } = {},
) {
  const requestId = randomUUID();
  return t.app.inject({
    method: 'POST',
    url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
    headers: {
      'x-request-id': requestId,
      'x-signature': firma ?? firmarNotificacion(secreto, { dataId, requestId, ahora }),
    },
    payload: { type: 'payment', data: { id: dataId }, ...(userId ? { user_id: userId } : {}) },
  });
}

const estado = async (pedidoId: string) => {
  const [pedido] = await t.database.db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
  const pagos = await t.database.db
    .select()
    .from(pagosPorVendedor)
    .where(eq(pagosPorVendedor.pedidoId, pedidoId));
  const lineas = await t.database.db
    .select()
    .from(pedidoLineas)
    .where(eq(pedidoLineas.pedidoId, pedidoId));
  return {
    aprobado: pedido?.aprobado,
    todos: pedido?.todosLosPagosAprobados,
    pagos: pagos.map((p) => [p.tiendaId, p.estado]).sort(),
    lineas: lineas.map((l) => [l.productoId, l.reserva]).sort(),
  };
};
const stockDe = async (id: string) =>
  (await t.database.db.select().from(productos).where(eq(productos.id, id)))[0]?.stock;

describe('GET /api/pedido/linkPago/{pedidoId}/{tiendaId}', () => {
  it('gives the shopper the checkout link, reuses it, and refuses others', async () => {
    const { pedidoId } = await pedidoConDosTiendas();
    const primero = await linkPago(comprador, pedidoId, a.tiendaId);
    expect(primero.statusCode, primero.body).toBe(200);
    expect(primero.json().init_point).toMatch(
      /\/api\/sandbox\/mercadopago\/checkout\?pref_id=SBX-PREF-/,
    );
    const segundo = await linkPago(comprador, pedidoId, a.tiendaId);
    expect(segundo.json().init_point).toBe(primero.json().init_point);

    const otro = await registerAndLogin(t.app);
    expect((await linkPago(otro, pedidoId, a.tiendaId)).statusCode).toBe(403);
    expect((await linkPago(null, pedidoId, a.tiendaId)).statusCode).toBe(401);
    expect((await linkPago(comprador, '0123456789abcdef01234567', a.tiendaId)).statusCode).toBe(
      404,
    );

    await pagar(pedidoId, a.tiendaId, 'aprobar').then(notificar);
    const aprobado = await linkPago(comprador, pedidoId, a.tiendaId);
    expect(aprobado.statusCode).toBe(409);
    expect(aprobado.json().code).toBe('PAGO_YA_APROBADO');
  });

  it('the sandbox checkout page shows the seller, the items, the amount and Modo de prueba', async () => {
    const { pedidoId } = await pedidoConDosTiendas(3);
    const link = await linkPago(comprador, pedidoId, a.tiendaId);
    const page = await t.app.inject({
      url: new URL(link.json().init_point).pathname + new URL(link.json().init_point).search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Modo de prueba');
    expect(page.body).toContain('Aprobar pago');
    expect(page.body).toContain('× 3');
    expect(page.body).toMatch(/Pagás a /);
    expect(page.body).not.toContain('<script');
  });
});

describe('POST /api/pago/webhook', () => {
  it('a notification the app did not acknowledge is kept for retry in the jobs table', async () => {
    // This app does not listen here: the sandbox's first delivery fails.
    const { pedidoId } = await pedidoConDosTiendas();
    const pagoId = await pagar(pedidoId, a.tiendaId, 'aprobar');
    const [trabajo] = await t.database.db
      .select()
      .from(trabajos)
      .where(eq(trabajos.clave, `${TIPO_NOTIFICAR_SANDBOX}:${pagoId}`));
    expect(trabajo).toMatchObject({ tipo: TIPO_NOTIFICAR_SANDBOX, estado: 'pendiente' });
  });

  it('refuses a forged signature and a stale timestamp', async () => {
    const { pedidoId } = await pedidoConDosTiendas();
    const pagoId = await pagar(pedidoId, a.tiendaId, 'aprobar');
    expect((await notificar(pagoId, { firma: `ts=1,v1=${'0'.repeat(64)}` })).statusCode).toBe(401);
    const viejo = await notificar(pagoId, { ahora: new Date(clock.now().getTime() - 10 * 60_000) });
    expect(viejo.statusCode).toBe(401);
    expect((await estado(pedidoId)).pagos).toContainEqual([a.tiendaId, 'pendiente']);
  });

  it('applies each payment once, in any order: approvals 3 times, a rejection of the other seller', async () => {
    const finales = [];
    for (const orden of [
      ['a', 'a', 'b', 'a'],
      ['b', 'a', 'a', 'a'],
    ]) {
      const { pedidoId, pa, pb } = await pedidoConDosTiendas();
      const pagoA = await pagar(pedidoId, a.tiendaId, 'aprobar');
      const pagoB = await pagar(pedidoId, b.tiendaId, 'rechazar');
      for (const quien of orden) {
        const res = await notificar(quien === 'a' ? pagoA : pagoB);
        expect(res.statusCode, res.body).toBe(200);
      }
      const e = await estado(pedidoId);
      finales.push({
        ...e,
        lineas: e.lineas.map(([p, r]) => [p === pa ? 'A' : p === pb ? 'B' : p, r]).sort(),
        pagos: e.pagos.map(([tId, s]) => [tId === a.tiendaId ? 'A' : 'B', s]).sort(),
      });
      expect(await stockDe(pa)).toBe(8);
      expect(await stockDe(pb)).toBe(10);
    }
    expect(finales[0]).toEqual(finales[1]);
    expect(finales[0]).toEqual({
      aprobado: false,
      todos: false,
      pagos: [
        ['A', 'aprobado'],
        ['B', 'rechazado'],
      ],
      lineas: [
        ['A', 'vendido'],
        ['B', 'liberado'],
      ],
    });
  });

  it('a rejected seller can be paid again: the approval takes the released units back and completes the order', async () => {
    const { pedidoId, pb } = await pedidoConDosTiendas();
    expect((await notificar(await pagar(pedidoId, a.tiendaId, 'aprobar'))).statusCode).toBe(200);
    expect((await notificar(await pagar(pedidoId, b.tiendaId, 'rechazar'))).statusCode).toBe(200);
    expect(await stockDe(pb)).toBe(10);

    expect((await notificar(await pagar(pedidoId, b.tiendaId, 'aprobar'))).statusCode).toBe(200);
    expect(await stockDe(pb)).toBe(9);
    const e = await estado(pedidoId);
    expect(e.aprobado).toBe(true);
    expect(e.pagos.map(([, s]) => s)).toEqual(['aprobado', 'aprobado']);
    expect(e.lineas.map(([, r]) => r)).toEqual(['vendido', 'vendido']);
    // Paid: no more links.
    expect((await linkPago(comprador, pedidoId, b.tiendaId)).statusCode).toBe(409);
  });

  it("a payment read on another seller's Mercado Pago account does not pay this store's part", async () => {
    const { pedidoId } = await pedidoConDosTiendas();
    const pago = await pagar(pedidoId, a.tiendaId, 'aprobar');
    const [tienda] = await t.database.db
      .select({ mpUsuarioId: tiendas.mpUsuarioId })
      .from(tiendas)
      .where(eq(tiendas.id, a.tiendaId));
    // The store is now linked to another account than the one that collected the payment.
    await t.database.db.execute(
      sql`update tiendas set mp_usuario_id = '111111' where id = ${a.tiendaId}`,
    );
    try {
      expect((await notificar(pago, { userId: '222222' })).statusCode).toBe(200);
      expect((await estado(pedidoId)).pagos.map(([, s]) => s)).toEqual(['pendiente', 'pendiente']);

      // Read on the store's account, the payment still names its real collector: refused and
      // refunded, never approved (docs/decisions/028).
      expect((await notificar(pago, { userId: '111111' })).statusCode).toBe(200);
      expect((await estado(pedidoId)).pagos.map(([, s]) => s)).toEqual(['pendiente', 'pendiente']);
      const [reembolso] = await t.database.db
        .select()
        .from(reembolsos)
        .where(eq(reembolsos.clave, `reembolso-${pago}`));
      expect(reembolso?.motivo).toBe('pago_no_coincide');
    } finally {
      await t.database.db
        .update(tiendas)
        .set({ mpUsuarioId: tienda?.mpUsuarioId ?? null })
        .where(eq(tiendas.id, a.tiendaId));
    }
  });

  it('the same approval delivered at once many times is applied once; pagoAprobado goes to the shopper', async () => {
    const { pedidoId, pa } = await pedidoConDosTiendas(2);
    const pagoA = await pagar(pedidoId, a.tiendaId, 'aprobar');
    const respuestas = await Promise.all(Array.from({ length: 5 }, () => notificar(pagoA)));
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await stockDe(pa)).toBe(8);
    const eventos = await t.database.db
      .select()
      .from(eventosSalientes)
      .where(
        and(
          eq(eventosSalientes.sala, userRoom(comprador.userId)),
          eq(eventosSalientes.evento, 'pagoAprobado'),
        ),
      );
    expect(
      eventos.filter((e) => (e.payload as { pedidoId: string }).pedidoId === pedidoId),
    ).toHaveLength(1);
    // Mis Pagos shows it.
    const res = await t.app.inject({
      url: `/api/pedido/estadoPagos/${pedidoId}`,
      headers: comprador.auth,
    });
    expect(res.json().estadisticas).toMatchObject({ total: 2, aprobados: 1, pendientes: 1 });
  });

  it('full approval takes places in the groups, and participants carry the order', async () => {
    const { pedidoId, pa } = await pedidoConDosTiendas(2);
    const [antes] = await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, pa));
    await notificar(await pagar(pedidoId, a.tiendaId, 'aprobar'));
    await notificar(await pagar(pedidoId, b.tiendaId, 'aprobar'));
    const e = await estado(pedidoId);
    expect(e.aprobado).toBe(true);
    expect(e.todos).toBe(true);
    const [despues] = await t.database.db
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.id, antes?.id as string));
    expect((despues?.lugaresOcupados ?? 0) - (antes?.lugaresOcupados ?? 0)).toBe(2);
    const participantes = await t.database.db
      .select()
      .from(participantesGrupo)
      .where(eq(participantesGrupo.pedidoId, pedidoId));
    expect(participantes.reduce((s, p) => s + p.cantidad, 0)).toBe(3);
  });

  it('an approval after the reservation expired with the stock gone is refunded and recorded', async () => {
    const { pedidoId, pa } = await pedidoConDosTiendas(2);
    const pagoA = await pagar(pedidoId, a.tiendaId, 'aprobar');
    clock.advance(16 * 60_000);
    await t.app.services.pedido.liberarReservasVencidas();
    await t.database.db.update(productos).set({ stock: 0 }).where(eq(productos.id, pa));
    const res = await notificar(pagoA);
    expect(res.statusCode, res.body).toBe(200);
    const [registro] = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.clave, `reembolso-${pagoA}`));
    expect(registro?.estado).toBe('reembolsado');
    // Two sellers, the other unpaid when the reservation ran out: the order never completes.
    expect(registro?.motivo).toBe('pedido_vencido');
    expect(registro?.reembolsoId).toMatch(/^\d+$/);
    expect((await estado(pedidoId)).pagos).toContainEqual([a.tiendaId, 'reembolsado']);
    // Again: nothing more happens.
    expect((await notificar(pagoA)).statusCode).toBe(200);
    expect(await stockDe(pa)).toBe(0);
  });

  it('a refund that did not follow its approval (the process stopped) is made by the refund job', async () => {
    const { pedidoId } = await pedidoConDosTiendas();
    const pagoA = await pagar(pedidoId, a.tiendaId, 'aprobar');
    // As if the process stopped right after committing the refund, before the provider's call.
    const [comprador] = await t.database.db
      .select({ usuarioId: pedidos.usuarioId })
      .from(pedidos)
      .where(eq(pedidos.id, pedidoId));
    await t.database.db.insert(reembolsos).values({
      id: newId(),
      motivo: 'pago_duplicado',
      pedidoId,
      tiendaId: a.tiendaId,
      usuarioId: comprador?.usuarioId ?? '',
      proveedorPagoId: pagoA,
      montoCentavos: 1,
      clave: `reembolso-${pagoA}`,
      creadoEn: clock.now(),
      proximoIntentoEn: new Date(clock.now().getTime() + 60_000),
    });
    expect((await t.app.services.reembolsos.hacerPendientes()).hechos).toBe(0);
    clock.advance(2 * 60_000);
    expect((await t.app.services.reembolsos.hacerPendientes()).hechos).toBe(1);
    const [registro] = await t.database.db
      .select()
      .from(reembolsos)
      .where(eq(reembolsos.clave, `reembolso-${pagoA}`));
    expect(registro?.estado).toBe('reembolsado');
    const [sandbox] = await t.database.db
      .select()
      .from(mpSandboxPagos)
      .where(eq(mpSandboxPagos.id, pagoA));
    expect(sandbox?.reembolsoId).toBe(registro?.reembolsoId);
    expect((await t.app.services.reembolsos.hacerPendientes()).intentados).toBe(0);
  });
});
