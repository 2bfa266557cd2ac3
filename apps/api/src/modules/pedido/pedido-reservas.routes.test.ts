import { randomUUID } from 'node:crypto';
import { cancelarPedidoResponseSchema, errorBodySchema } from '@compra-grupal/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { firmarNotificacion } from '../../adapters/payments/webhook-signature';
import {
  eventosSalientes,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  usuarios,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { login, registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import {
  type CompradorDePrueba,
  compradorConDireccion,
  conDireccion,
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
 * Bounded holds (issue 21, docs/decisions/029): one shopper's unpaid orders cannot take a
 * store's stock. A new order replaces the shopper's unpaid ones, at most a share of each
 * product is held, at most three orders with some part paid stay open, and the owner cancels.
 */

const clock = createTestClock();
let t: TestApp;
let a: VendedorDePrueba;
let b: VendedorDePrueba;
let secreto: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, { clock });
  await t.app.ready();
  [a, b] = await Promise.all([vendedorConTienda(t), vendedorConTienda(t)]);
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

type Linea = { productoId: string; cantidad: number; tiendaId: string };

async function crear(who: CompradorDePrueba, lineas: Linea[]) {
  const body = await pedidoDePrueba(
    t,
    who,
    lineas.map((l) => ({ productoId: l.productoId, cantidadSolicitada: l.cantidad })),
    lineas.map((l) => l.tiendaId),
  );
  return crearPreferencia(t, who, body);
}

async function creado(who: CompradorDePrueba, lineas: Linea[]): Promise<string> {
  const res = await crear(who, lineas);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().pedidoId as string;
}

const cancelar = (who: { auth: Record<string, string> } | null, pedidoId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/pedido/cancelar/${pedidoId}`,
    headers: who?.auth ?? {},
  });

const linkPago = (who: { auth: Record<string, string> }, pedidoId: string, tiendaId: string) =>
  t.app.inject({ url: `/api/pedido/linkPago/${pedidoId}/${tiendaId}`, headers: who.auth });

const pagar = (who: CompradorDePrueba, pedidoId: string, tiendaId: string) =>
  pagarEnSandbox(t, who, pedidoId, tiendaId, { secreto, ahora: () => clock.now() });

/** Pays on the sandbox page with a payment the provider leaves pending, and notifies it. */
async function pagoEnAcreditacion(who: CompradorDePrueba, pedidoId: string, tiendaId: string) {
  const link = await linkPago(who, pedidoId, tiendaId);
  expect(link.statusCode, link.body).toBe(200);
  const prefId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/mercadopago/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pref_id: prefId, accion: 'pendiente' }).toString(),
  });
  expect(checkout.statusCode, checkout.body).toBe(302);
  const dataId = new URL(checkout.headers.location as string).searchParams.get(
    'payment_id',
  ) as string;
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
  expect(res.statusCode, res.body).toBeLessThan(300);
}

const stockDe = async (id: string) =>
  (await t.database.db.select().from(productos).where(eq(productos.id, id)))[0]?.stock;

/** The shopper's orders whose reservation was not released, and the units they hold. */
async function reservasDe(usuarioId: string) {
  const abiertos = await t.database.db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.usuarioId, usuarioId), isNull(pedidos.reservaLiberadaEn)));
  const ids = abiertos.map((p) => p.id);
  const lineas = ids.length
    ? await t.database.db
        .select()
        .from(pedidoLineas)
        .where(and(inArray(pedidoLineas.pedidoId, ids), eq(pedidoLineas.reserva, 'reservado')))
    : [];
  return { ids, unidades: lineas.reduce((n, l) => n + l.cantidad, 0) };
}

async function estadoDe(pedidoId: string) {
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
    pedido,
    pagos: Object.fromEntries(pagos.map((p) => [p.tiendaId, p.estado])),
    reservas: Object.fromEntries(lineas.map((l) => [l.productoId, l.reserva])),
  };
}

describe('one shopper cannot hoard a store (issue 21)', () => {
  it('17 creates in 0.6 s hold one order; past the per-product cap is refused; another shopper still buys', async () => {
    const p = await crearProducto(t, a, { stock: '1262', nombre: 'Yerba mate 1 kg' });
    const atacante = await compradorConDireccion(t);
    // The attack of the issue: 17 orders at once, together more than the whole stock.
    const todas = await Promise.all(
      Array.from({ length: 17 }, () =>
        crear(atacante, [{ productoId: p._id, cantidad: 75, tiendaId: a.tiendaId }]),
      ),
    );
    // Each one replaces the one before: one order holds, 75 units.
    for (const res of todas) expect(res.statusCode, res.body).toBe(201);
    expect(await reservasDe(atacante.userId)).toEqual({ ids: [expect.any(String)], unidades: 75 });
    // A hold takes no units: stock is what nobody paid for (decision 050).
    expect(await stockDe(p._id)).toBe(1262);

    // One order of most of the stock: refused, 20 % of 1262 is the most.
    const deMas = await crear(atacante, [
      { productoId: p._id, cantidad: 300, tiendaId: a.tiendaId },
    ]);
    expect(deMas.statusCode).toBe(409);
    expect(errorBodySchema.parse(deMas.json())).toMatchObject({
      code: 'RESERVA_POR_PRODUCTO',
      error: 'Puedes reservar hasta 252 unidades de Yerba mate 1 kg a la vez. Pide menos unidades.',
    });
    // Refused: the order it would have replaced still holds.
    expect(await reservasDe(atacante.userId)).toMatchObject({ unidades: 75 });
    await creado(atacante, [{ productoId: p._id, cantidad: 252, tiendaId: a.tiendaId }]);
    expect(await reservasDe(atacante.userId)).toMatchObject({ unidades: 252 });

    const vecino = await compradorConDireccion(t);
    const comprado = await creado(vecino, [
      { productoId: p._id, cantidad: 1, tiendaId: a.tiendaId },
    ]);
    await pagar(vecino, comprado, a.tiendaId);
    expect(await stockDe(p._id)).toBe(1262 - 1);
  });

  it('a second order of the same shopper frees the first one at once', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '20' });
    const q = await crearProducto(t, b, { stock: '8' });
    const primero = await creado(yo, [
      { productoId: p._id, cantidad: 5, tiendaId: a.tiendaId },
      { productoId: q._id, cantidad: 2, tiendaId: b.tiendaId },
    ]);
    expect([await stockDe(p._id), await stockDe(q._id)]).toEqual([20, 8]);

    // Every unit of q, beside the first order's 2: the first one is replaced.
    const segundo = await creado(yo, [
      { productoId: p._id, cantidad: 3, tiendaId: a.tiendaId },
      { productoId: q._id, cantidad: 8, tiendaId: b.tiendaId },
    ]);
    expect([await stockDe(p._id), await stockDe(q._id)]).toEqual([20, 8]);
    const antes = await estadoDe(primero);
    expect(antes.pedido?.reservaLiberadaEn).not.toBeNull();
    expect(antes.pagos).toEqual({ [a.tiendaId]: 'rechazado', [b.tiendaId]: 'rechazado' });
    expect(antes.reservas).toEqual({ [p._id]: 'liberado', [q._id]: 'liberado' });
    // Its reservation ended: no new payment link for it.
    const link = await linkPago(yo, primero, a.tiendaId);
    expect(link.statusCode).toBe(409);
    expect(link.json().code).toBe('RESERVA_VENCIDA');
    expect((await estadoDe(segundo)).pagos).toEqual({
      [a.tiendaId]: 'pendiente',
      [b.tiendaId]: 'pendiente',
    });
    expect(await reservasDe(yo.userId)).toEqual({ ids: [segundo], unidades: 11 });

    // Neither the holds nor their release moved the stock: nothing to tell.
    const eventos = await t.database.db
      .select()
      .from(eventosSalientes)
      .where(
        and(
          eq(eventosSalientes.evento, 'stockActualizado'),
          eq(eventosSalientes.sala, `producto:${q._id}`),
        ),
      );
    expect(eventos).toEqual([]);
  });

  it('an order with a part paid is kept, counts toward the caps, and a fourth such order is refused', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '50' });
    const q = await crearProducto(t, b, { stock: '50', nombre: 'Dulce de leche 400 g' });
    const pagadosEnParte: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await creado(yo, [
        { productoId: p._id, cantidad: 1, tiendaId: a.tiendaId },
        { productoId: q._id, cantidad: 3, tiendaId: b.tiendaId },
      ]);
      await pagar(yo, id, a.tiendaId);
      pagadosEnParte.push(id);
    }
    // None replaced the one before: each still holds its unpaid part.
    expect((await reservasDe(yo.userId)).ids.sort()).toEqual([...pagadosEnParte].sort());
    expect(await reservasDe(yo.userId)).toMatchObject({ unidades: 9 });
    expect(await stockDe(q._id)).toBe(50);

    const cuarto = await crear(yo, [{ productoId: p._id, cantidad: 1, tiendaId: a.tiendaId }]);
    expect(cuarto.statusCode).toBe(409);
    expect(errorBodySchema.parse(cuarto.json())).toMatchObject({
      code: 'RESERVAS_MAXIMAS',
      error:
        'Tienes pedidos sin pagar que reservan productos. Paga o cancela un pedido pendiente para hacer uno nuevo.',
    });
    expect(await stockDe(p._id)).toBe(47);

    // Paid in part: it cannot be cancelled.
    const cancelado = await cancelar(yo, pagadosEnParte[0] as string);
    expect(cancelado.statusCode).toBe(409);
    expect(errorBodySchema.parse(cancelado.json())).toMatchObject({
      code: 'PEDIDO_NO_CANCELABLE',
      error: 'Este pedido ya no se puede cancelar: tiene pagos aprobados o en acreditación.',
    });

    // Paying the rest of one frees a place.
    await pagar(yo, pagadosEnParte[0] as string, b.tiendaId);
    await creado(yo, [{ productoId: p._id, cantidad: 1, tiendaId: a.tiendaId }]);
  });

  it('caps the units of one product: 10, or 20 % of the stock, counting what the shopper holds', async () => {
    const yo = await compradorConDireccion(t);
    const grande = await crearProducto(t, a, { stock: '100', nombre: 'Arroz 1 kg' });
    const chico = await crearProducto(t, a, { stock: '30', nombre: 'Fideos 500 g' });

    const deMas = await crear(yo, [{ productoId: grande._id, cantidad: 21, tiendaId: a.tiendaId }]);
    expect(deMas.statusCode).toBe(409);
    expect(deMas.json()).toMatchObject({
      code: 'RESERVA_POR_PRODUCTO',
      error: 'Puedes reservar hasta 20 unidades de Arroz 1 kg a la vez. Pide menos unidades.',
    });
    const minimo = await crear(yo, [{ productoId: chico._id, cantidad: 11, tiendaId: a.tiendaId }]);
    expect(minimo.statusCode).toBe(409);
    expect(minimo.json().error).toBe(
      'Puedes reservar hasta 10 unidades de Fideos 500 g a la vez. Pide menos unidades.',
    );
    await creado(yo, [{ productoId: chico._id, cantidad: 10, tiendaId: a.tiendaId }]);
    // The cap is the stock before this shopper's reservation: the 20 of 100 again.
    await creado(yo, [{ productoId: grande._id, cantidad: 20, tiendaId: a.tiendaId }]);
    expect(await stockDe(chico._id)).toBe(30);
    expect(await stockDe(grande._id)).toBe(100);

    // An order kept (a part paid) holds 8 units of Arroz; 13 more would pass 20.
    const otro = await crearProducto(t, b, { stock: '10' });
    const guardado = await creado(yo, [
      { productoId: grande._id, cantidad: 8, tiendaId: a.tiendaId },
      { productoId: otro._id, cantidad: 1, tiendaId: b.tiendaId },
    ]);
    await pagar(yo, guardado, b.tiendaId);
    expect(await stockDe(grande._id)).toBe(100);
    const sumado = await crear(yo, [
      { productoId: grande._id, cantidad: 13, tiendaId: a.tiendaId },
    ]);
    expect(sumado.statusCode).toBe(409);
    expect(sumado.json().error).toBe(
      'Puedes reservar hasta 20 unidades de Arroz 1 kg a la vez. Tus pedidos sin pagar ya reservan 8: paga o cancela el pedido pendiente, o pide menos unidades.',
    );
    await creado(yo, [{ productoId: grande._id, cantidad: 12, tiendaId: a.tiendaId }]);
    expect(await reservasDe(yo.userId)).toMatchObject({ unidades: 20 });
  });

  it('concurrent creates of one shopper never hold more than the caps', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '50' });
    const respuestas = await Promise.all(
      Array.from({ length: 8 }, () =>
        crear(yo, [{ productoId: p._id, cantidad: 10, tiendaId: a.tiendaId }]),
      ),
    );
    for (const res of respuestas) expect(res.statusCode, res.body).toBe(201);
    expect(await reservasDe(yo.userId)).toEqual({ ids: [expect.any(String)], unidades: 10 });
    expect(await stockDe(p._id)).toBe(50);

    // With three orders paid in part, concurrent creates are all refused.
    const q = await crearProducto(t, b, { stock: '50' });
    for (let i = 0; i < 3; i++) {
      const id = await creado(yo, [
        { productoId: p._id, cantidad: 1, tiendaId: a.tiendaId },
        { productoId: q._id, cantidad: 1, tiendaId: b.tiendaId },
      ]);
      await pagar(yo, id, b.tiendaId);
    }
    const stock = await stockDe(p._id);
    const mas = await Promise.all(
      Array.from({ length: 6 }, () =>
        crear(yo, [{ productoId: p._id, cantidad: 1, tiendaId: a.tiendaId }]),
      ),
    );
    for (const res of mas) expect(res.json().code).toBe('RESERVAS_MAXIMAS');
    expect(await stockDe(p._id)).toBe(stock);
    expect((await reservasDe(yo.userId)).ids).toHaveLength(3);
  });
});

describe("many accounts cannot take a store's stock from a shopper who pays (issue 34)", () => {
  const stockALaVista = async (id: string) =>
    (await t.app.inject({ url: `/api/producto/${id}` })).json().stock as number;

  /** A fresh account signed up from `ip`, its address verified or not, with an address. */
  async function cuentaNueva(ip: string, verificada: boolean) {
    const email = uniqueEmail();
    const registro = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/registrar',
      remoteAddress: ip,
      payload: { nombre: 'Ana Pérez', email, contrasenia: 'secreta123', telefono: '1155554444' },
    });
    expect(registro.statusCode, registro.body).toBe(201);
    const cuenta = await conDireccion(t, await login(t.app, email, 'secreta123'));
    if (verificada) {
      await t.database.db
        .update(usuarios)
        .set({ emailVerificadoEn: clock.now() })
        .where(eq(usuarios.id, cuenta.userId));
    }
    return cuenta;
  }

  it.each([
    { desde: 'one address, unverified', ip: (_i: number) => '198.51.100.7', verificada: false },
    {
      desde: '20 addresses, verified',
      ip: (i: number) => `198.51.100.${i + 10}`,
      verificada: true,
    },
  ])(
    '20 fresh accounts from $desde hold 5 times the stock; every payer buys, and only paid units run out',
    async ({ ip, verificada }) => {
      const p = await crearProducto(t, a, { stock: '40', nombre: 'Aceite de oliva 500 ml' });
      // Fresh accounts, each at its per-product cap: 200 units held of 40.
      const acaparadores = await Promise.all(
        Array.from({ length: 20 }, (_, i) => cuentaNueva(ip(i), verificada)),
      );
      const retenidos = [];
      for (const quien of acaparadores) {
        retenidos.push(
          await creado(quien, [{ productoId: p._id, cantidad: 10, tiendaId: a.tiendaId }]),
        );
      }
      // Nobody paid: every unit is still on sale, as the product page shows it.
      expect(await stockDe(p._id)).toBe(40);
      expect(await stockALaVista(p._id)).toBe(40);

      // Four shoppers who pay get the 40 units, one after the other, past 200 held.
      for (let i = 0; i < 4; i++) {
        const comprador = await compradorConDireccion(t);
        const pedidoId = await creado(comprador, [
          { productoId: p._id, cantidad: 10, tiendaId: a.tiendaId },
        ]);
        await pagar(comprador, pedidoId, a.tiendaId);
        expect((await estadoDe(pedidoId)).pagos).toEqual({ [a.tiendaId]: 'aprobado' });
        expect(await stockALaVista(p._id)).toBe(40 - 10 * (i + 1));
      }

      // Now every unit is paid for: 'sin stock' is the truth, for a new order and for a
      // holder who pays late, whose money goes back whole.
      const tarde = await crear(await compradorConDireccion(t), [
        { productoId: p._id, cantidad: 1, tiendaId: a.tiendaId },
      ]);
      expect(tarde.statusCode).toBe(409);
      expect(tarde.json().code).toBe('STOCK_INSUFICIENTE');
      const [primero] = acaparadores;
      const [suyo] = retenidos;
      if (!primero || !suyo) throw new Error('sin acaparadores');
      await pagar(primero, suyo, a.tiendaId);
      expect((await estadoDe(suyo)).pagos).toEqual({ [a.tiendaId]: 'reembolsado' });
      const devuelto = await t.database.db
        .select({ motivo: reembolsos.motivo })
        .from(reembolsos)
        .where(eq(reembolsos.pedidoId, suyo));
      expect(devuelto).toEqual([{ motivo: 'sin_stock' }]);
      expect(await stockDe(p._id)).toBe(0);
    },
  );
});

describe('POST /api/pedido/cancelar/{pedidoId}', () => {
  it('the owner cancels: the hold ends at once; twice answers the same', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '6' });
    const pedidoId = await creado(yo, [{ productoId: p._id, cantidad: 6, tiendaId: a.tiendaId }]);
    expect(await reservasDe(yo.userId)).toEqual({ ids: [pedidoId], unidades: 6 });

    const otro = await registerAndLogin(t.app);
    const ajeno = await cancelar(otro, pedidoId);
    expect(ajeno.statusCode).toBe(403);
    expect(ajeno.json().code).toBe('ACCESO_DENEGADO');
    expect((await cancelar(null, pedidoId)).statusCode).toBe(401);
    const desconocido = await cancelar(yo, newId());
    expect(desconocido.statusCode).toBe(404);
    expect(desconocido.json().code).toBe('PEDIDO_NO_ENCONTRADO');
    expect(await reservasDe(yo.userId)).toEqual({ ids: [pedidoId], unidades: 6 });

    const res = await cancelar(yo, pedidoId);
    expect(res.statusCode, res.body).toBe(200);
    const cuerpo = cancelarPedidoResponseSchema.parse(res.json());
    expect(cuerpo).toEqual({ pedidoId, reservaLiberadaEn: clock.now().toISOString() });
    expect(await reservasDe(yo.userId)).toEqual({ ids: [], unidades: 0 });
    expect(await stockDe(p._id)).toBe(6);
    const { pedido, pagos, reservas } = await estadoDe(pedidoId);
    expect(pedido?.reservaLiberadaEn).toEqual(clock.now());
    expect(pagos).toEqual({ [a.tiendaId]: 'rechazado' });
    expect(reservas).toEqual({ [p._id]: 'liberado' });

    clock.advance(1000);
    const otraVez = await cancelar(yo, pedidoId);
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.json()).toEqual(cuerpo);
    expect(await stockDe(p._id)).toBe(6);
    // Nor can it be paid any more.
    expect((await linkPago(yo, pedidoId, a.tiendaId)).json().code).toBe('RESERVA_VENCIDA');

    // Someone else takes the units.
    const vecino = await compradorConDireccion(t);
    await creado(vecino, [{ productoId: p._id, cantidad: 6, tiendaId: a.tiendaId }]);
    // The expiry sweep later finds nothing of the cancelled order to release.
    clock.advance(20 * 60_000);
    await t.app.services.pedido.liberarReservasVencidas();
    expect(await stockDe(p._id)).toBe(6);
  });

  it('answers 409 PEDIDO_NO_CANCELABLE once a part is paid or a payment is in flight', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '10' });
    const q = await crearProducto(t, b, { stock: '10' });
    const pagado = await creado(yo, [
      { productoId: p._id, cantidad: 2, tiendaId: a.tiendaId },
      { productoId: q._id, cantidad: 2, tiendaId: b.tiendaId },
    ]);
    await pagar(yo, pagado, a.tiendaId);
    const res = await cancelar(yo, pagado);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PEDIDO_NO_CANCELABLE');
    expect((await estadoDe(pagado)).pagos).toEqual({
      [a.tiendaId]: 'aprobado',
      [b.tiendaId]: 'pendiente',
    });
    expect([await stockDe(p._id), await stockDe(q._id)]).toEqual([8, 10]);

    const vecino = await compradorConDireccion(t);
    const enCamino = await creado(vecino, [
      { productoId: q._id, cantidad: 1, tiendaId: b.tiendaId },
    ]);
    await pagoEnAcreditacion(vecino, enCamino, b.tiendaId);
    const enAcreditacion = await cancelar(vecino, enCamino);
    expect(enAcreditacion.statusCode).toBe(409);
    expect(enAcreditacion.json().code).toBe('PEDIDO_NO_CANCELABLE');
    expect(await stockDe(q._id)).toBe(10);
    // Nor does a new order of that shopper replace it: its payment may still be approved.
    await creado(vecino, [{ productoId: p._id, cantidad: 1, tiendaId: a.tiendaId }]);
    expect((await estadoDe(enCamino)).reservas).toEqual({ [q._id]: 'reservado' });
  });
});

describe('what the shopper may do with an order, as the API says it (issue 32)', () => {
  const estadoPagos = (who: CompradorDePrueba, pedidoId: string) =>
    t.app.inject({ url: `/api/pedido/estadoPagos/${pedidoId}`, headers: who.auth });
  const misPagos = (who: CompradorDePrueba) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pedido/obtenerPedidosPorUserId',
      headers: who.auth,
      payload: { userId: who.userId },
    });

  it('pay and cancel while unpaid; neither once paid or credited; an expired order reads vencido with its refund', async () => {
    const yo = await compradorConDireccion(t);
    const p = await crearProducto(t, a, { stock: '10' });
    const q = await crearProducto(t, b, { stock: '10' });
    const pedidoId = await creado(yo, [
      { productoId: p._id, cantidad: 1, tiendaId: a.tiendaId },
      { productoId: q._id, cantidad: 1, tiendaId: b.tiendaId },
    ]);
    const nuevo = (await estadoPagos(yo, pedidoId)).json();
    expect(nuevo).toMatchObject({
      estado: 'por_pagar',
      reembolsado: 0,
      reembolsoTotal: false,
      acciones: { pagar: true, cancelar: true },
    });
    expect(nuevo.pagosPorVendedor.map((x: { acciones: unknown }) => x.acciones)).toEqual([
      { pagar: true },
      { pagar: true },
    ]);

    await pagar(yo, pedidoId, a.tiendaId);
    await pagoEnAcreditacion(yo, pedidoId, b.tiendaId);
    const enCurso = (await estadoPagos(yo, pedidoId)).json();
    expect(enCurso).toMatchObject({
      estado: 'por_pagar',
      acciones: { pagar: false, cancelar: false },
    });
    const partes = (r: { pagosPorVendedor: { tiendaId: string; monto: number }[] }) =>
      Object.fromEntries(r.pagosPorVendedor.map((x) => [x.tiendaId, x]));
    expect(partes(enCurso)[a.tiendaId]).toMatchObject({
      estadoParte: 'esperando_grupo',
      acciones: { pagar: false },
    });
    expect(partes(enCurso)[b.tiendaId]).toMatchObject({
      estadoParte: 'en_acreditacion',
      acciones: { pagar: false },
    });

    // The reservation runs out: the sweep gives back what was paid; nothing of it goes on.
    clock.advance(20 * 60_000);
    await t.app.services.pedido.liberarReservasVencidas();
    const vencido = (await estadoPagos(yo, pedidoId)).json();
    const monto = partes(vencido)[a.tiendaId]?.monto;
    expect(vencido).toMatchObject({
      estado: 'vencido',
      reembolsado: monto,
      reembolsoTotal: true,
      acciones: { pagar: false, cancelar: false },
      estadisticas: { pendientes: 0 },
    });
    expect(partes(vencido)[a.tiendaId]).toMatchObject({
      estadoParte: 'reembolsada',
      reembolsado: monto,
      reembolsoTotal: true,
    });
    // Its payment still being credited would be refunded: the part reads expired, not pending.
    expect(partes(vencido)[b.tiendaId]).toMatchObject({
      estadoParte: 'vencido',
      reembolsoTotal: false,
      acciones: { pagar: false },
    });

    const lista = await misPagos(yo);
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().find((x: { _id: string }) => x._id === pedidoId)).toMatchObject({
      estado: 'vencido',
      reembolsado: monto,
      reembolsoTotal: true,
      acciones: { pagar: false, cancelar: false },
    });
  });
});
