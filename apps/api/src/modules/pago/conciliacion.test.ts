import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CheckoutPort,
  type PagoLeido,
  PaymentsProviderError,
} from '../../adapters/payments/payments.port';
import { createSandboxCheckout } from '../../adapters/payments/sandbox-checkout';
import {
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
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
import { vincularCuentaDePrueba } from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import { CONCILIACION_INTERVALO_MS, TIPO_CONCILIACION } from './conciliacion.job';
import { createConciliacionRepository } from './conciliacion.repository';
import { CONCILIACION_ESPERA_MS, createConciliacionService } from './conciliacion.service';

/**
 * The payment reconciliation (docs/decisions/025): a payment approved on the sandbox whose
 * notification never reached the app (nothing listens at PUBLIC_URL here, so every delivery
 * fails) is found at the provider and applied once the wait is over.
 */

/** A loopback port nothing listens on: the sandbox's notifications are refused. */
const puertoCerrado = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

// Near the real time: preferences are stamped by the database's clock.
const clock = createTestClock(new Date());
let t: TestApp;
let a: VendedorDePrueba;
let b: VendedorDePrueba;

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '100000', PUBLIC_URL: `http://127.0.0.1:${await puertoCerrado()}` },
    { clock },
  );
  await t.app.ready();
  [a, b] = await Promise.all([vendedorConTienda(t), vendedorConTienda(t)]);
  for (const v of [a, b]) {
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: v.userId, tiendaId: v.tiendaId },
      { clock },
    );
  }
});
afterAll(() => t.close());

const db = () => t.database.db;

/**
 * An order of both stores, by a shopper of its own (a shopper's new order replaces their
 * older unpaid ones: docs/decisions/029).
 */
async function pedidoConDosTiendas() {
  const comprador = await compradorConDireccion(t);
  const pa = await crearProducto(t, a, { stock: '10', precio: '1000', cantidadTotalGrupo: '5' });
  const pb = await crearProducto(t, b, { stock: '10', precio: '500', cantidadTotalGrupo: '4' });
  const body = await pedidoDePrueba(
    t,
    comprador,
    [
      { productoId: pa._id, cantidadSolicitada: 2 },
      { productoId: pb._id, cantidadSolicitada: 1 },
    ],
    [a.tiendaId, b.tiendaId],
  );
  const res = await crearPreferencia(t, comprador, body);
  expect(res.statusCode, res.body).toBe(201);
  return { pedidoId: res.json().pedidoId as string, pa: pa._id, pb: pb._id, comprador };
}

/** The shopper pays on the sandbox checkout page; its notification to the app fails. */
async function pagar(
  { pedidoId, comprador }: { pedidoId: string; comprador: CompradorDePrueba },
  tiendaId: string,
  accion: 'aprobar' | 'rechazar',
) {
  const link = await t.app.inject({
    url: `/api/pedido/linkPago/${pedidoId}/${tiendaId}`,
    headers: comprador.auth,
  });
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

/**
 * The reconciliation job of the slot of now, through the app's jobs runner. A slot runs once
 * (its `clave`), so callers move the clock a whole slot between runs.
 */
async function conciliarConElTrabajo() {
  const ranura = Math.floor(clock.now().getTime() / CONCILIACION_INTERVALO_MS);
  await t.app.jobs.enqueue(db(), {
    tipo: TIPO_CONCILIACION,
    payload: { ranura },
    clave: `${TIPO_CONCILIACION}:${ranura}`,
  });
  await t.app.jobs.runDue();
}

const estadoDe = async (pedidoId: string, tiendaId: string) =>
  (
    await db()
      .select()
      .from(pagosPorVendedor)
      .where(and(eq(pagosPorVendedor.pedidoId, pedidoId), eq(pagosPorVendedor.tiendaId, tiendaId)))
  )[0]?.estado;
const pedidoDe = async (pedidoId: string) =>
  (await db().select().from(pedidos).where(eq(pedidos.id, pedidoId)))[0];
const ocupadosDe = async (productoId: string) =>
  (await db().select().from(gruposDeCompra).where(eq(gruposDeCompra.productoId, productoId)))
    .map((g) => g.lugaresOcupados)
    .reduce((s, n) => s + n, 0);
const participantesDe = async (pedidoId: string) =>
  (
    await db().select().from(participantesGrupo).where(eq(participantesGrupo.pedidoId, pedidoId))
  ).reduce((s, p) => s + p.cantidad, 0);
const stockDe = async (id: string) =>
  (await db().select().from(productos).where(eq(productos.id, id)))[0]?.stock;

describe('payment reconciliation', () => {
  it('applies approvals whose notification never arrived, after the wait, once', async () => {
    const pedido = await pedidoConDosTiendas();
    const { pedidoId, pa, pb } = pedido;
    const pagoA = await pagar(pedido, a.tiendaId, 'aprobar');
    const [sandbox] = await db().select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, pagoA));
    expect(sandbox?.estado).toBe('approved');
    expect(await estadoDe(pedidoId, a.tiendaId)).toBe('pendiente');

    // Before the wait the provider is not asked: the notification may still come.
    clock.advance(60_000);
    await conciliarConElTrabajo();
    expect(await estadoDe(pedidoId, a.tiendaId)).toBe('pendiente');

    // Past it (the next slot), the job finds the payment of this store only; the other part
    // is still to pay.
    expect(CONCILIACION_INTERVALO_MS).toBeGreaterThan(CONCILIACION_ESPERA_MS);
    clock.advance(CONCILIACION_INTERVALO_MS);
    await conciliarConElTrabajo();
    expect(await estadoDe(pedidoId, a.tiendaId)).toBe('aprobado');
    expect(await estadoDe(pedidoId, b.tiendaId)).toBe('pendiente');
    expect(await pedidoDe(pedidoId)).toMatchObject({ aprobado: false });
    expect(await ocupadosDe(pa)).toBe(0);

    // The other seller is paid and its notification is lost too: the order completes.
    const pagoB = await pagar(pedido, b.tiendaId, 'aprobar');
    clock.advance(CONCILIACION_INTERVALO_MS);
    await conciliarConElTrabajo();
    expect(await estadoDe(pedidoId, b.tiendaId)).toBe('aprobado');
    expect(await pedidoDe(pedidoId)).toMatchObject({
      aprobado: true,
      todosLosPagosAprobados: true,
    });
    expect(await ocupadosDe(pa)).toBe(2);
    expect(await ocupadosDe(pb)).toBe(1);
    expect(await participantesDe(pedidoId)).toBe(3);

    // Later passes read the same payments again and change nothing.
    for (let i = 0; i < 2; i++) {
      clock.advance(CONCILIACION_INTERVALO_MS);
      await conciliarConElTrabajo();
    }
    expect(await ocupadosDe(pa)).toBe(2);
    expect(await ocupadosDe(pb)).toBe(1);
    expect(await participantesDe(pedidoId)).toBe(3);
    expect(await stockDe(pa)).toBe(8);
    expect(await stockDe(pb)).toBe(9);
    const registros = await db()
      .select()
      .from(pagosProveedor)
      .where(eq(pagosProveedor.pedidoId, pedidoId));
    expect(registros.map((r) => [r.proveedorPagoId, r.estado]).sort()).toEqual(
      [
        [pagoA, 'aprobado'],
        [pagoB, 'aprobado'],
      ].sort(),
    );
  });

  it('a rejected part paid again without a notification is approved: the approval is applied first', async () => {
    const pedido = await pedidoConDosTiendas();
    const { pedidoId, pb } = pedido;
    await pagar(pedido, b.tiendaId, 'rechazar');
    await pagar(pedido, b.tiendaId, 'aprobar');
    clock.advance(CONCILIACION_INTERVALO_MS);
    await conciliarConElTrabajo();
    expect(await estadoDe(pedidoId, b.tiendaId)).toBe('aprobado');
    // The rejection, read too, released nothing: the reservation went straight to sold.
    expect(await stockDe(pb)).toBe(9);
  });
});

describe('the reconciliation service', () => {
  /** The sandbox provider as the app's (same tables), behind a port the test can break. */
  function proveedor(falla: (pedidoId: string) => Error | undefined) {
    const sandbox = createSandboxCheckout({
      db: db(),
      publicUrl: t.app.config.PUBLIC_URL,
      webhookSecret: 'sin-uso',
      clock,
    }).port;
    const buscados: string[] = [];
    const port: CheckoutPort = {
      ...sandbox,
      async buscarPagos(pedidoId, accessToken) {
        buscados.push(pedidoId);
        const error = falla(pedidoId);
        if (error) throw error;
        return sandbox.buscarPagos(pedidoId, accessToken);
      },
    };
    return { port, buscados };
  }

  function servicio(port: CheckoutPort, { lote }: { lote?: number } = {}) {
    const avisos: { objeto: Record<string, unknown>; mensaje: string }[] = [];
    const aplicados: PagoLeido[] = [];
    const service = createConciliacionService({
      repository: createConciliacionRepository(db()),
      checkout: port,
      accessTokenVigente: (usuarioId) => t.app.services.mercadoPago.accessTokenVigente(usuarioId),
      aplicar: async (leido) => {
        aplicados.push(leido);
        await t.app.services.pago.aplicarPagoLeido(leido);
      },
      log: { warn: (objeto, mensaje) => avisos.push({ objeto: objeto as never, mensaje }) },
      clock,
      ...(lote ? { lote } : {}),
    });
    return { service, avisos, aplicados };
  }

  /** Passes until the walk goes round; the orders searched, in order. */
  async function vuelta(service: ReturnType<typeof servicio>['service']) {
    let resultado = await service.conciliar();
    let pasadas = 1;
    while (resultado.siguiente) {
      resultado = await service.conciliar(resultado.siguiente);
      pasadas++;
    }
    return pasadas;
  }

  it("one part's failure is logged with its order and store, and the others go on", async () => {
    const uno = await pedidoConDosTiendas();
    const dos = await pedidoConDosTiendas();
    await pagar(uno, a.tiendaId, 'aprobar');
    await pagar(dos, a.tiendaId, 'aprobar');
    clock.advance(CONCILIACION_ESPERA_MS + 60_000);

    const { port, buscados } = proveedor((pedidoId) =>
      pedidoId === uno.pedidoId
        ? new PaymentsProviderError('rejected', 'Mercado Pago (v1/payments/search) respondió 403')
        : undefined,
    );
    const { service, avisos } = servicio(port);
    const resultado = await service.conciliar();
    expect(buscados).toEqual(expect.arrayContaining([uno.pedidoId, dos.pedidoId]));
    expect(resultado.fallidas).toBeGreaterThanOrEqual(1);
    expect(await estadoDe(uno.pedidoId, a.tiendaId)).toBe('pendiente');
    expect(await estadoDe(dos.pedidoId, a.tiendaId)).toBe('aprobado');
    const aviso = avisos.find((x) => x.objeto.pedidoId === uno.pedidoId);
    expect(aviso).toMatchObject({
      objeto: { pedidoId: uno.pedidoId, tiendaId: expect.any(String) },
      mensaje: 'no se pudo conciliar el pago de una parte del pedido',
    });
    // Nothing of a seller's token reaches the log.
    expect(JSON.stringify(avisos)).not.toMatch(/APP_USR|Bearer/);
  });

  it('walks every part a batch at a time, oldest first, and goes round', async () => {
    const uno = await pedidoConDosTiendas();
    clock.advance(1_000);
    const dos = await pedidoConDosTiendas();
    for (const pedido of [uno, dos]) {
      await pagar(pedido, a.tiendaId, 'rechazar');
      await pagar(pedido, b.tiendaId, 'rechazar');
    }
    clock.advance(CONCILIACION_ESPERA_MS + 60_000);

    const { port, buscados } = proveedor(() => undefined);
    const { service } = servicio(port, { lote: 1 });
    const pasadas = await vuelta(service);
    // One part per pass (the last finds none and starts over): every candidate once, in
    // creation order, ours among them.
    expect(buscados).toHaveLength(pasadas - 1);
    const nuestros = buscados.filter((p) => p === uno.pedidoId || p === dos.pedidoId);
    expect(nuestros).toEqual([uno.pedidoId, uno.pedidoId, dos.pedidoId, dos.pedidoId]);

    // The provider down: the pass stops after a few outages and the next goes on from there.
    buscados.length = 0;
    const caido = proveedor(
      () => new PaymentsProviderError('unavailable', 'Mercado Pago (v1/payments/search) 503'),
    );
    const conCaida = servicio(caido.port);
    const resultado = await conCaida.service.conciliar();
    expect(caido.buscados).toHaveLength(3);
    expect(resultado.siguiente).toBeUndefined();
    expect(conCaida.avisos.at(-1)?.mensaje).toBe(
      'conciliación de pagos interrumpida: el proveedor no responde',
    );
  });
});
