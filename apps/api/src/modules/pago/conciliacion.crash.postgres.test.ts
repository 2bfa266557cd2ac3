import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { userRoom } from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecret } from '../../adapters/payments/payments-from-config';
import {
  NOTIFICACION_REINTENTO_MS,
  TIPO_NOTIFICAR_SANDBOX,
} from '../../adapters/payments/sandbox-notificaciones';
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
  trabajos,
} from '../../db/schema';
import { createTestClock } from '../../lib/clock';
import { compradorConDireccion, crearPreferencia, pedidoDePrueba } from '../../test/pedido-helpers';
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
import type { ConciliacionCrashChildInput } from './conciliacion.crash-child';
import { CONCILIACION_INTERVALO_MS, TIPO_CONCILIACION } from './conciliacion.job';

/**
 * Nothing is lost (docs/decisions/025, Reconciliation), PostgreSQL only: a real child process
 * approving a payment on the sandbox (conciliacion.crash-child.ts) is killed with SIGKILL right
 * after the approval committed, before its notification left. A fresh app on the same
 * database (a new pool) then converges: by the notification the sandbox recorded with the
 * approval (the jobs table), or, when notifications cannot be delivered, by the
 * reconciliation job reading the payment from the provider. Either way the payment is applied
 * once: the part approved, the stock and places counted once, one `pagoAprobado`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

const childScript = fileURLToPath(new URL('./conciliacion.crash-child.ts', import.meta.url));
/** Each case starts a child Node process with tsx: room for that on a loaded runner. */
const TIMEOUT = 120_000;

/** A loopback port free right now (the restarted app listens there as PUBLIC_URL). */
const puertoLibre = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Waits until `leer` answers what `listo` wants (a condition, not a time). */
async function esperar<T>(que: string, leer: () => Promise<T>, listo: (valor: T) => boolean) {
  const limite = Date.now() + 30_000;
  for (;;) {
    const valor = await leer();
    if (listo(valor)) return valor;
    if (Date.now() > limite) throw new Error(`no se cumplió: ${que} (último valor: ${valor})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the restarted processes published (their outboxes publish what is left when closed). */
const publicados: { sala: string; evento: string; payload: unknown }[] = [];

describe.skipIf(!serverUrl)('a payment approved right before a crash is not lost', () => {
  // Near the real time: preferences are stamped by the database's clock.
  const clock = createTestClock(new Date());
  let t: TestApp;
  let vendedor: VendedorDePrueba;
  let puerto: number;
  let secreto: string;
  let url: string;

  beforeAll(async () => {
    puerto = await puertoLibre();
    t = await createTestApp(
      { RATE_LIMIT_MAX: '100000', PUBLIC_URL: `http://127.0.0.1:${puerto}` },
      { clock },
    );
    await t.app.ready();
    vendedor = await vendedorConTienda(t);
    await vincularCuentaDePrueba(
      t.database.db,
      { usuarioId: vendedor.userId, tiendaId: vendedor.tiendaId },
      { clock },
    );
    secreto = webhookSecret(t.app.config, await resolveMercadoPagoKey(t.database.db));
    const nombre = (await t.database.db.execute(sql`select current_database() as nombre`)) as {
      rows: { nombre: string }[];
    };
    const destino = new URL(serverUrl ?? '');
    destino.pathname = `/${nombre.rows[0]?.nombre}`;
    url = destino.toString();
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;

  /**
   * An order of one store by a shopper of its own, its product in groups of 5, and the
   * preference of its payment.
   */
  async function pedido() {
    const comprador = await compradorConDireccion(t);
    const producto = await crearProducto(t, vendedor, {
      stock: '10',
      precio: '1000',
      cantidadTotalGrupo: '5',
    });
    const body = await pedidoDePrueba(
      t,
      comprador,
      [{ productoId: producto._id, cantidadSolicitada: 2 }],
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
    const preferenciaId = new URL(link.json().init_point).searchParams.get('pref_id') as string;
    return { pedidoId, productoId: producto._id, preferenciaId, comprador };
  }

  /** The child approves the preference on the sandbox and dies before notifying. */
  async function aprobarYCaer(preferenciaId: string): Promise<string> {
    const input: ConciliacionCrashChildInput = {
      url,
      publicUrl: t.app.config.PUBLIC_URL,
      webhookSecret: secreto,
      ahora: clock.now().getTime(),
      preferenciaId,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      env: { ...process.env, CONCILIACION_CRASH_CHILD_INPUT: JSON.stringify(input) },
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
    expect(salida, `the child should die by SIGKILL; stderr:\n${stderr}`).toEqual({
      code: null,
      signal: 'SIGKILL',
    });
    const [pago] = await db()
      .select()
      .from(mpSandboxPagos)
      .where(eq(mpSandboxPagos.preferenciaId, preferenciaId));
    if (!pago) throw new Error('the approval was not committed');
    expect(pago.estado).toBe('approved');
    return pago.id;
  }

  /** A fresh process on the same database; `escucha`: it serves PUBLIC_URL (and polls jobs). */
  async function reanudar(
    { escucha }: { escucha: boolean },
    trabajo: (app: FastifyInstance) => Promise<void>,
  ) {
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
      if (escucha) await app.listen({ port: puerto, host: '127.0.0.1' });
      else await app.ready();
      await trabajo(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  const estadoDe = async (pedidoId: string) =>
    (
      await db()
        .select()
        .from(pagosPorVendedor)
        .where(
          and(
            eq(pagosPorVendedor.pedidoId, pedidoId),
            eq(pagosPorVendedor.tiendaId, vendedor.tiendaId),
          ),
        )
    )[0]?.estado;
  const notificacionDe = async (pagoId: string) =>
    (
      await db()
        .select()
        .from(trabajos)
        .where(eq(trabajos.clave, `${TIPO_NOTIFICAR_SANDBOX}:${pagoId}`))
    )[0];

  /** Applied exactly once: sold, places and participants once, one pagoAprobado. */
  async function aplicadoUnaVez(
    { pedidoId, productoId, comprador }: Awaited<ReturnType<typeof pedido>>,
    pagoId: string,
  ) {
    expect(await estadoDe(pedidoId)).toBe('aprobado');
    expect((await db().select().from(pedidos).where(eq(pedidos.id, pedidoId)))[0]).toMatchObject({
      aprobado: true,
      todosLosPagosAprobados: true,
    });
    expect(
      (await db().select().from(productos).where(eq(productos.id, productoId)))[0]?.stock,
    ).toBe(8);
    const grupos = await db()
      .select()
      .from(gruposDeCompra)
      .where(eq(gruposDeCompra.productoId, productoId));
    expect(grupos.reduce((s, g) => s + g.lugaresOcupados, 0)).toBe(2);
    const participantes = await db()
      .select()
      .from(participantesGrupo)
      .where(eq(participantesGrupo.pedidoId, pedidoId));
    expect(participantes.reduce((s, p) => s + p.cantidad, 0)).toBe(2);
    const registros = await db()
      .select()
      .from(pagosProveedor)
      .where(eq(pagosProveedor.pedidoId, pedidoId));
    expect(registros.map((r) => [r.proveedorPagoId, r.estado])).toEqual([[pagoId, 'aprobado']]);
    const eventos = [...publicados, ...(await db().select().from(eventosSalientes))].filter(
      (e) =>
        e.sala === userRoom(comprador.userId) &&
        e.evento === 'pagoAprobado' &&
        (e.payload as { pedidoId: string }).pedidoId === pedidoId,
    );
    expect(eventos).toHaveLength(1);
  }

  it(
    'the notification recorded with the approval is sent once the app runs again',
    async () => {
      const nuevo = await pedido();
      const { pedidoId, preferenciaId } = nuevo;
      const pagoId = await aprobarYCaer(preferenciaId);
      // Committed together: the payment and its notification to send. The app heard nothing.
      expect(await notificacionDe(pagoId)).toMatchObject({ estado: 'pendiente', intentos: 0 });
      expect(await estadoDe(pedidoId)).toBe('pendiente');

      clock.advance(NOTIFICACION_REINTENTO_MS);
      await reanudar({ escucha: true }, async () => {
        await esperar(
          'the notification job is done',
          async () => (await notificacionDe(pagoId))?.estado,
          (estado) => estado === 'hecho',
        );
      });
      await aplicadoUnaVez(nuevo, pagoId);
    },
    TIMEOUT,
  );

  it(
    'with notifications undeliverable, the reconciliation applies it, once',
    async () => {
      const nuevo = await pedido();
      const { pedidoId, preferenciaId } = nuevo;
      const pagoId = await aprobarYCaer(preferenciaId);

      // Nothing listens at PUBLIC_URL: the recorded notification keeps failing.
      await reanudar({ escucha: false }, async (app) => {
        for (let pasada = 0; pasada < 2; pasada++) {
          clock.advance(CONCILIACION_INTERVALO_MS);
          const ranura = Math.floor(clock.now().getTime() / CONCILIACION_INTERVALO_MS);
          await app.jobs.enqueue(app.database.db, {
            tipo: TIPO_CONCILIACION,
            payload: { ranura },
            clave: `${TIPO_CONCILIACION}:${ranura}`,
          });
          await app.jobs.runDue();
          expect(await estadoDe(pedidoId)).toBe('aprobado');
        }
      });
      expect((await notificacionDe(pagoId))?.estado).toBe('pendiente');
      await aplicadoUnaVez(nuevo, pagoId);
    },
    TIMEOUT,
  );
});
