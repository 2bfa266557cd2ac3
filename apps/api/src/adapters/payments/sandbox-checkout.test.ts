import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mpSandboxPagos, trabajos } from '../../db/schema';
import { createJobRunner } from '../../jobs/job-runner';
import { registerQueuedJob } from '../../jobs/queued-job';
import { createTestClock } from '../../lib/clock';
import { openTestDatabase } from '../../test/test-database';
import type { CheckoutPort } from './payments.port';
import { createSandboxCheckout, type SandboxCheckout } from './sandbox-checkout';
import { NOTIFICACION_REINTENTO_MS, TIPO_NOTIFICAR_SANDBOX } from './sandbox-notificaciones';

const clock = createTestClock(new Date('2026-03-01T15:00:00.000Z'));
let database: DatabaseHandle;
let sandbox: SandboxCheckout;
let checkout: CheckoutPort;

beforeAll(async () => {
  database = await openTestDatabase({ content: 'seeded' });
  sandbox = createSandboxCheckout({
    db: database.db,
    publicUrl: 'http://localhost:3000',
    webhookSecret: 'secreto-de-prueba',
    clock,
    // No notification leaves the test.
    fetch: async () => new Response(null, { status: 200 }),
  });
  checkout = sandbox.port;
});
afterAll(() => database.close());

/** A sandbox preference of $1000 × 3 plus $500 shipping ($3500) of an order and store. */
async function preferencia(
  port: CheckoutPort = checkout,
  { pedidoId = '65f0c0ffee0000000000abcd', tiendaId = '65f0c0ffee0000000000dcba' } = {},
): Promise<string> {
  const { id } = await port.crearPreferencia({
    items: [{ id: 'prod-1', title: 'Yerba', quantity: 3, unitPriceCentavos: 100_000 }],
    envioCentavos: 50_000,
    marketplaceFeeCentavos: 0,
    externalReference: pedidoId,
    metadata: { tiendaId, tiendaNombre: 'La Tienda' },
    notificationUrl: 'http://localhost:3000/api/pago/webhook',
    backUrls: { success: 'http://x/s', failure: 'http://x/f', pending: 'http://x/p' },
    expiresAt: new Date('2026-03-01T15:30:00.000Z'),
    accessToken: 'sin-uso',
  });
  return id;
}

/** An approved sandbox payment of $1000 × 3 plus $500 shipping ($3500). */
async function pagoAprobado(): Promise<string> {
  return sandbox.registrarPago(await preferencia(), 'approved');
}

const fila = async (pagoId: string) =>
  (await database.db.select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, pagoId)))[0];

/** The refunds the sandbox recorded on a payment. */
const reembolsosDe = (row: { datos: unknown } | undefined) =>
  ((row?.datos ?? {}) as { reembolsos?: { montoCentavos: number }[] }).reembolsos ?? [];

describe('sandbox Checkout Pro refunds (Modo de prueba)', () => {
  it('refunds in part: each key once, recorded on the payment, approved until refunded in full', async () => {
    const pagoId = await pagoAprobado();
    const primero = await checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000);
    // The same key answers the same refund, even at once.
    const otraVez = await Promise.all([
      checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000),
      checkout.reembolsar(pagoId, 'reembolso-grupo-a', undefined, 200_000),
    ]);
    expect(otraVez).toEqual([primero, primero]);
    let row = await fila(pagoId);
    expect(row?.estado).toBe('approved');
    expect((await checkout.obtenerPago(pagoId))?.status).toBe('approved');
    expect(reembolsosDe(row)).toEqual([
      {
        id: primero.id,
        clave: 'reembolso-grupo-a',
        montoCentavos: 200_000,
        fecha: '2026-03-01T15:00:00.000Z',
      },
    ]);

    // More than what is left ($1500) is refused; the rest refunds it in full.
    await expect(
      checkout.reembolsar(pagoId, 'reembolso-grupo-b', undefined, 150_001),
    ).rejects.toThrow(/monto/);
    const resto = await checkout.reembolsar(pagoId, 'reembolso-grupo-b', undefined, 150_000);
    row = await fila(pagoId);
    expect(row).toMatchObject({
      estado: 'refunded',
      reembolsoId: resto.id,
      reembolsoClave: 'reembolso-grupo-b',
    });
    expect(reembolsosDe(row)).toHaveLength(2);
    await expect(checkout.reembolsar(pagoId, 'reembolso-grupo-c', undefined, 1)).rejects.toThrow(
      /no reembolsable/,
    );
  });

  it('refunds in full without an amount, once', async () => {
    const pagoId = await pagoAprobado();
    const total = await checkout.reembolsar(pagoId, `reembolso-${pagoId}`);
    expect(await checkout.reembolsar(pagoId, `reembolso-${pagoId}`)).toEqual(total);
    const row = await fila(pagoId);
    expect(row).toMatchObject({ estado: 'refunded', reembolsoId: total.id });
    expect(reembolsosDe(row)).toEqual([expect.objectContaining({ montoCentavos: 350_000 })]);
  });
});

describe('sandbox Checkout Pro payment search (Modo de prueba)', () => {
  it('finds every payment of an order, newest first, each read as obtenerPago reads it', async () => {
    const pedidoId = '65f0c0ffee00000000001111';
    const deA = await preferencia(checkout, { pedidoId, tiendaId: '65f0c0ffee0000000000000a' });
    const deB = await preferencia(checkout, { pedidoId, tiendaId: '65f0c0ffee0000000000000b' });
    const rechazado = await sandbox.registrarPago(deA, 'rejected');
    clock.advance(1_000);
    const aprobado = await sandbox.registrarPago(deA, 'approved');
    clock.advance(1_000);
    const pendiente = await sandbox.registrarPago(deB, 'pending');
    // Another order's payment is not one of them.
    await sandbox.registrarPago(await preferencia(), 'approved');

    const pagos = await checkout.buscarPagos(pedidoId);
    expect(pagos.map((p) => [p.id, p.status, p.metadata.tiendaId])).toEqual([
      [pendiente, 'pending', '65f0c0ffee0000000000000b'],
      [aprobado, 'approved', '65f0c0ffee0000000000000a'],
      [rechazado, 'rejected', '65f0c0ffee0000000000000a'],
    ]);
    for (const pago of pagos) expect(pago).toEqual(await checkout.obtenerPago(pago.id));
    expect(await checkout.buscarPagos('65f0c0ffee0000000000ffff')).toEqual([]);
  });
});

describe('sandbox Checkout Pro notifications (Modo de prueba)', () => {
  /** A sandbox on the jobs table whose notifications the test answers (or drops). */
  function sandboxConTrabajos() {
    const enviadas: string[] = [];
    const estado = { responde: false };
    const jobs = createJobRunner({ db: database.db, clock });
    const conTrabajos = createSandboxCheckout({
      db: database.db,
      jobs,
      publicUrl: 'http://localhost:3000',
      webhookSecret: 'secreto-de-prueba',
      clock,
      fetch: async (url) => {
        enviadas.push(new URL(String(url)).searchParams.get('data.id') ?? '');
        return new Response(null, { status: estado.responde ? 200 : 503 });
      },
    });
    registerQueuedJob(jobs, conTrabajos.trabajo);
    return { conTrabajos, jobs, enviadas, estado };
  }
  const trabajoDe = async (pagoId: string) =>
    (
      await database.db
        .select()
        .from(trabajos)
        .where(eq(trabajos.clave, `${TIPO_NOTIFICAR_SANDBOX}:${pagoId}`))
    )[0];

  it('records the notification with the payment, and the job sends it until acknowledged', async () => {
    const { conTrabajos, jobs, enviadas, estado } = sandboxConTrabajos();
    // Recorded, not sent: as if the process stopped right after the approval.
    const pagoId = await conTrabajos.registrarPago(await preferencia(conTrabajos.port), 'approved');
    expect(enviadas).toEqual([]);
    expect(await trabajoDe(pagoId)).toMatchObject({
      estado: 'pendiente',
      ejecutarDesde: new Date(clock.now().getTime() + NOTIFICACION_REINTENTO_MS),
    });

    // Not acknowledged: retried with the runner's backoff; then acknowledged, once.
    clock.advance(NOTIFICACION_REINTENTO_MS);
    expect(await jobs.runDue()).toBe(1);
    expect(enviadas).toEqual([pagoId]);
    expect(await trabajoDe(pagoId)).toMatchObject({ estado: 'pendiente', intentos: 1 });
    estado.responde = true;
    clock.advance(5_000);
    expect(await jobs.runDue()).toBe(1);
    expect(enviadas).toEqual([pagoId, pagoId]);
    expect(await trabajoDe(pagoId)).toMatchObject({ estado: 'hecho', intentos: 2 });
  });

  it('a notification acknowledged at once is not sent again by its job', async () => {
    const { conTrabajos, jobs, enviadas, estado } = sandboxConTrabajos();
    estado.responde = true;
    const pagoId = await conTrabajos.pagar(await preferencia(conTrabajos.port), 'approved');
    expect(enviadas).toEqual([pagoId]);
    clock.advance(NOTIFICACION_REINTENTO_MS);
    await jobs.runDue();
    expect(enviadas).toEqual([pagoId]);
    expect((await trabajoDe(pagoId))?.estado).toBe('hecho');
  });
});
