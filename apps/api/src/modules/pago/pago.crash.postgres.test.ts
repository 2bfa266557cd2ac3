import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { userRoom } from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import { firmarNotificacion } from '../../adapters/payments/webhook-signature';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import {
  eventosSalientes,
  gruposDeCompra,
  mpSandboxPagos,
  pagosPorVendedor,
  pagosProveedor,
  participantesGrupo,
  pedidos,
  productos,
  reembolsos,
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
import {
  resolveMercadoPagoKey,
  vincularCuentaDePrueba,
} from '../mercadopago-cuenta/mercadopago-cuenta-de-prueba';
import type { PagoCrashChildInput } from './pago.crash-child';
import type { PasoDePago } from './pago.service';

/**
 * Crash tests of payment handling (DESIGN.md section 5, docs/decisions/025), PostgreSQL only.
 * A real child process applying a notification (pago.crash-child.ts: the real pago service with
 * the sandbox port, on connections of its own) is killed with SIGKILL at each step: its
 * `despuesDe` seam kills it there, so nothing after the step runs, and a transaction that was
 * open is rolled back by PostgreSQL when the dead process's connection drops. Then a fresh app
 * on the same database (a new pool) replays the notification through the webhook route and
 * runs the refund sweep once. The payment is applied exactly once, stock and places are
 * counted once, a needed refund is made once, nothing is lost.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The process that dies, started with `node --import tsx`. */
const childScript = fileURLToPath(new URL('./pago.crash-child.ts', import.meta.url));
/** Each case starts a child Node process with tsx: room for that on a loaded runner. */
const TIMEOUT = 120_000;

/** What the fresh processes' outboxes published (they publish what is left when closed). */
const publicados: { sala: string; evento: string; payload: unknown }[] = [];

describe.skipIf(!serverUrl)('payment handling survives a crash between any two steps', () => {
  const clock = createTestClock();
  let t: TestApp;
  let a: VendedorDePrueba;
  let b: VendedorDePrueba;
  let comprador: CompradorDePrueba;
  let secreto: string;
  let url: string;

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
    const nombre = (await t.database.db.execute(sql`select current_database() as nombre`)) as {
      rows: { nombre: string }[];
    };
    const destino = new URL(serverUrl ?? '');
    destino.pathname = `/${nombre.rows[0]?.nombre}`;
    url = destino.toString();
  });
  afterAll(() => t?.close());

  async function pedidoConDosTiendas() {
    const pa = await crearProducto(t, a, { stock: '10', precio: '1000', cantidadTotalGrupo: '5' });
    const pb = await crearProducto(t, b, { stock: '10', precio: '500' });
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
    return { pedidoId: res.json().pedidoId as string, pa: pa._id, pb: pb._id };
  }

  async function pagar(pedidoId: string, tiendaId: string) {
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
      payload: new URLSearchParams({ pref_id: prefId, accion: 'aprobar' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(res.headers.location as string).searchParams.get('payment_id') as string;
  }

  const firmado = (dataId: string) => {
    const requestId = randomUUID();
    return {
      dataId,
      tipo: 'payment',
      requestId,
      firma: firmarNotificacion(secreto, { dataId, requestId, ahora: clock.now() }),
    };
  };

  /**
   * The process that dies: a child Node process applies the notification and kills itself with
   * SIGKILL at `paso`. Fails unless it died by SIGKILL (not by finishing, not by an error).
   */
  async function aplicarYCaer(pagoId: string, paso: PasoDePago) {
    const input: PagoCrashChildInput = {
      url,
      config: t.app.config,
      ahora: clock.now().getTime(),
      webhookSecret: secreto,
      paso,
      notificacion: firmado(pagoId),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      env: { ...process.env, PAGO_CRASH_CHILD_INPUT: JSON.stringify(input) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    const salida = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
      (resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code, signal) => resolve({ code, signal }));
      },
    );
    expect(salida, `the child should die by SIGKILL at ${paso}; stderr:\n${stderr}`).toEqual({
      code: null,
      signal: 'SIGKILL',
    });
  }

  /** A fresh process on the same database: the provider's retry, then the jobs once. */
  async function reanudar(pagoId: string) {
    const database = await openDatabase({ kind: 'postgres', url });
    const app = await buildApp({ config: t.app.config, database, clock });
    const realtime = app.realtime as unknown as {
      emitToRoom: (sala: string, evento: string, payload: unknown) => void;
    };
    const emitir = realtime.emitToRoom.bind(realtime);
    realtime.emitToRoom = (sala, evento, payload) => {
      publicados.push({ sala, evento, payload });
      emitir(sala, evento, payload);
    };
    try {
      for (let vez = 0; vez < 2; vez += 1) {
        const { dataId, requestId, firma } = firmado(pagoId);
        const res = await app.inject({
          method: 'POST',
          url: `/api/pago/webhook?data.id=${dataId}&type=payment`,
          headers: { 'x-request-id': requestId, 'x-signature': firma },
          payload: { type: 'payment', data: { id: dataId } },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      clock.advance(2 * 60_000);
      await app.services.reembolsos.hacerPendientes();
    } finally {
      await app.close();
      await database.close();
    }
  }

  const db = () => t.database.db;
  const registro = async (pagoId: string) =>
    (await db().select().from(pagosProveedor).where(eq(pagosProveedor.proveedorPagoId, pagoId)))[0];
  const stockDe = async (id: string) =>
    (await db().select().from(productos).where(eq(productos.id, id)))[0]?.stock;
  const ocupadosDe = async (productoId: string) =>
    (await db().select().from(gruposDeCompra).where(eq(gruposDeCompra.productoId, productoId)))
      .map((g) => g.lugaresOcupados)
      .reduce((s, n) => s + n, 0);
  const participantesDe = async (pedidoId: string) =>
    (
      await db().select().from(participantesGrupo).where(eq(participantesGrupo.pedidoId, pedidoId))
    ).reduce((s, p) => s + p.cantidad, 0);
  /** `pagoAprobado` events of a seller's part: published, or still in the outbox. */
  const pagoAprobadoEventos = async (pedidoId: string, tiendaId: string) =>
    [...publicados, ...(await db().select().from(eventosSalientes))].filter((e) => {
      const p = e.payload as { pedidoId: string; tiendaId: string };
      return (
        e.sala === userRoom(comprador.userId) &&
        e.evento === 'pagoAprobado' &&
        p.pedidoId === pedidoId &&
        p.tiendaId === tiendaId
      );
    }).length;
  const estadoPago = async (pedidoId: string, tiendaId: string) =>
    (
      await db()
        .select()
        .from(pagosPorVendedor)
        .where(
          and(eq(pagosPorVendedor.pedidoId, pedidoId), eq(pagosPorVendedor.tiendaId, tiendaId)),
        )
    )[0]?.estado;

  it.each<PasoDePago>(['leido', 'antesDelCommit', 'confirmado'])(
    'an approval completing the order, crashed after %s, is applied once on replay',
    async (paso) => {
      const { pedidoId, pa, pb } = await pedidoConDosTiendas();
      // The other seller's approval is applied normally first; this one completes the order.
      const pagoB = await pagar(pedidoId, b.tiendaId);
      await reanudar(pagoB);
      const pagoA = await pagar(pedidoId, a.tiendaId);
      await aplicarYCaer(pagoA, paso);
      await reanudar(pagoA);

      expect((await registro(pagoA))?.estado).toBe('aprobado');
      expect(await estadoPago(pedidoId, a.tiendaId)).toBe('aprobado');
      const [pedido] = await db().select().from(pedidos).where(eq(pedidos.id, pedidoId));
      expect(pedido).toMatchObject({ aprobado: true, todosLosPagosAprobados: true });
      expect(await stockDe(pa)).toBe(8);
      expect(await stockDe(pb)).toBe(9);
      expect(await ocupadosDe(pa)).toBe(2);
      expect(await ocupadosDe(pb)).toBe(1);
      expect(await participantesDe(pedidoId)).toBe(3);
      expect(await pagoAprobadoEventos(pedidoId, a.tiendaId)).toBe(1);
      const [sandbox] = await db()
        .select()
        .from(mpSandboxPagos)
        .where(eq(mpSandboxPagos.id, pagoA));
      expect(sandbox?.reembolsoId ?? null).toBeNull();
    },
    TIMEOUT,
  );

  it.each<PasoDePago>(['leido', 'antesDelCommit', 'confirmado', 'reembolsoHecho'])(
    'a late approval that needs a refund, crashed after %s, is refunded exactly once',
    async (paso) => {
      const { pedidoId, pa } = await pedidoConDosTiendas();
      const pagoA = await pagar(pedidoId, a.tiendaId);
      clock.advance(16 * 60_000);
      await t.app.services.pedido.liberarReservasVencidas();
      await db().update(productos).set({ stock: 0 }).where(eq(productos.id, pa));
      await aplicarYCaer(pagoA, paso);
      await reanudar(pagoA);

      expect((await registro(pagoA))?.estado).toBe('a_reembolsar');
      const [fila] = await db()
        .select()
        .from(reembolsos)
        .where(eq(reembolsos.clave, `reembolso-${pagoA}`));
      expect(fila?.estado).toBe('reembolsado');
      expect(fila?.motivo).toBe('pedido_vencido');
      const [sandbox] = await db()
        .select()
        .from(mpSandboxPagos)
        .where(eq(mpSandboxPagos.id, pagoA));
      expect(sandbox?.estado).toBe('refunded');
      expect(fila?.reembolsoId).toMatch(/^\d+$/);
      expect(sandbox?.reembolsoId).toBe(fila?.reembolsoId);
      expect(sandbox?.reembolsoClave).toBe(`reembolso-${pagoA}`);
      expect(await estadoPago(pedidoId, a.tiendaId)).toBe('reembolsado');
      expect(await stockDe(pa)).toBe(0);
      expect(await ocupadosDe(pa)).toBe(0);
      expect(await participantesDe(pedidoId)).toBe(0);
      expect(await pagoAprobadoEventos(pedidoId, a.tiendaId)).toBe(0);
    },
    TIMEOUT,
  );
});
