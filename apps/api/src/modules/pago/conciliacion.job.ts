import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { CursorDeConciliacion } from './conciliacion.repository';
import type { ConciliacionService } from './conciliacion.service';

export const TIPO_CONCILIACION = 'pago.conciliacion';

/** A pass every five minutes. */
export const CONCILIACION_INTERVALO_MS = 5 * 60_000;

const payloadSchema = z.object({
  ranura: z.number().int().nonnegative(),
  /** Where the previous pass stopped (the walk over the parts goes on from there). */
  despuesDe: z.object({ creadoEn: z.iso.datetime(), id: z.string().max(64) }).optional(),
});

/**
 * The payment reconciliation (docs/decisions/025) on the jobs table, as the refund sweep
 * (reembolsos-pendientes.job.ts): one job per five-minute slot, named by its `clave`, so it
 * runs once however many processes schedule it. A pass hands where it stopped to the next
 * slot's job; the next slot is scheduled even when the pass fails (a process killed mid-pass
 * leaves the job to be claimed again when its lease runs out, and it schedules then).
 */
export function registrarConciliacion(
  jobs: JobRunner,
  service: Pick<ConciliacionService, 'conciliar'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / CONCILIACION_INTERVALO_MS);
  const programarRanura = (ranura: number, despuesDe?: CursorDeConciliacion) =>
    jobs.enqueue(db, {
      tipo: TIPO_CONCILIACION,
      payload: {
        ranura,
        ...(despuesDe
          ? { despuesDe: { creadoEn: despuesDe.creadoEn.toISOString(), id: despuesDe.id } }
          : {}),
      },
      clave: `${TIPO_CONCILIACION}:${ranura}`,
      ejecutarDesde: new Date(ranura * CONCILIACION_INTERVALO_MS),
    });

  jobs.register(TIPO_CONCILIACION, payloadSchema, async ({ ranura, despuesDe }) => {
    const desde = despuesDe && { creadoEn: new Date(despuesDe.creadoEn), id: despuesDe.id };
    let siguiente = desde;
    try {
      siguiente = (await service.conciliar(desde)).siguiente;
    } finally {
      await programarRanura(Math.max(ranura, ranuraDeAhora()) + 1, siguiente);
    }
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(ranuraDeAhora()),
  };
}
