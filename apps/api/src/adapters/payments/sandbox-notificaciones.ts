import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { mpSandboxPagos } from '../../db/schema';
import { type JobExecutor, PermanentJobError } from '../../jobs/job-runner';
import { defineJobType, defineQueuedJob, enqueueJob, type JobQueue } from '../../jobs/queued-job';
import type { Clock } from '../../lib/clock';
import { firmarNotificacion } from './webhook-signature';

/**
 * The notification of a payment, on the jobs table: enqueued in the transaction that records
 * the payment, so a process that dies before notifying still notifies once it runs again.
 */
export const TIPO_NOTIFICAR_SANDBOX = 'mercadopago-sandbox.notificar';

/**
 * When the queued notification runs if the one sent at once was not acknowledged: after the
 * first attempt's own timeout (10 s), so both rarely run together.
 */
export const NOTIFICACION_REINTENTO_MS = 10_000;

/** Tries of a notification: the runner's backoff (5 s doubling) spans about 40 minutes. */
const NOTIFICACION_MAX_INTENTOS = 10;

const notificarPayloadSchema = z.object({
  pagoId: z.string(),
  /** The job of the payment itself: skipped when the app already acknowledged the payment. */
  soloSiFalta: z.boolean().optional(),
});

/** The notification job's type, run by the sandbox's `trabajo` (below). */
export const trabajoNotificarSandbox = defineJobType({
  name: TIPO_NOTIFICAR_SANDBOX,
  payload: notificarPayloadSchema,
  maxIntentos: NOTIFICACION_MAX_INTENTOS,
});

/** What the notifier reads of a sandbox payment's data (it writes `notificadaEn`). */
const datosDeNotificacion = z.object({
  notificationUrl: z.string(),
  notificadaEn: z.string().optional(),
});

/**
 * The sandbox's notifications of its payments: signed as Mercado Pago signs them, sent at
 * once, and retried from the jobs table until the app acknowledges one.
 */
export function createNotificacionesSandbox(options: {
  db: Database;
  webhookSecret: string;
  clock: Clock;
  fetch?: typeof fetch;
  jobs?: JobQueue;
}) {
  const { db, webhookSecret, clock, jobs } = options;
  const enviar = options.fetch ?? fetch;

  /** One signed notification of a payment, POSTed to its notification URL. */
  async function notificar(pagoId: string): Promise<boolean> {
    const [row] = await db.select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, pagoId));
    if (!row) return false;
    const { notificationUrl } = datosDeNotificacion.parse(row.datos);
    const requestId = randomUUID();
    const url = new URL(notificationUrl);
    url.searchParams.set('data.id', pagoId);
    url.searchParams.set('type', 'payment');
    try {
      const res = await enviar(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': firmarNotificacion(webhookSecret, {
            dataId: pagoId,
            requestId,
            ahora: clock.now(),
          }),
        },
        body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: pagoId } }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return false;
    } catch {
      return false;
    }
    // Acknowledged: the payment's queued notification has nothing left to do.
    await db
      .update(mpSandboxPagos)
      .set({
        datos: sql`${mpSandboxPagos.datos} || ${JSON.stringify({ notificadaEn: clock.now().toISOString() })}::jsonb`,
      })
      .where(eq(mpSandboxPagos.id, pagoId));
    return true;
  }

  /**
   * Sends through the jobs table (docs/decisions/012): each failure waits longer (the runner's
   * backoff), and a restart does not lose the notification.
   */
  const trabajo = defineQueuedJob(trabajoNotificarSandbox, async ({ pagoId, soloSiFalta }) => {
    const [row] = await db.select().from(mpSandboxPagos).where(eq(mpSandboxPagos.id, pagoId));
    if (!row) throw new PermanentJobError(`pago de prueba desconocido: ${pagoId}`);
    if (soloSiFalta && datosDeNotificacion.parse(row.datos).notificadaEn) return;
    if (!(await notificar(pagoId))) throw new Error('la app no confirmó la notificación de prueba');
  });

  /**
   * Delivers now. Failing that, the notification recorded with the payment retries it from
   * the jobs table; without one (no runner), a few times in the background: 1 s, 5 s, 30 s.
   */
  async function entregar(pagoId: string): Promise<boolean> {
    if (await notificar(pagoId).catch(() => false)) return true;
    if (jobs) return false;
    const esperas = [1_000, 5_000, 30_000];
    const reintentar = (i: number) => {
      const espera = esperas[i];
      if (espera === undefined) return;
      setTimeout(() => {
        void notificar(pagoId)
          .catch(() => false)
          .then((ok) => {
            if (!ok) reintentar(i + 1);
          });
      }, espera).unref();
    };
    reintentar(0);
    return false;
  }

  /**
   * Records, in the transaction that records the payment, the notification to send if the
   * one sent at once is not acknowledged. Without the jobs table, nothing to record.
   */
  async function encolar(tx: JobExecutor, pagoId: string, ahora: Date) {
    if (!jobs) return;
    await enqueueJob(
      jobs,
      tx,
      trabajoNotificarSandbox,
      { pagoId, soloSiFalta: true },
      {
        clave: `${TIPO_NOTIFICAR_SANDBOX}:${pagoId}`,
        ejecutarDesde: new Date(ahora.getTime() + NOTIFICACION_REINTENTO_MS),
      },
    );
  }

  return { notificar, trabajo, entregar, encolar };
}
