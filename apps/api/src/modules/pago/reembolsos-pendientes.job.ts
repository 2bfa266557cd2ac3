import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { PagoService } from './pago.service';

export const TIPO_REEMBOLSOS_PENDIENTES = 'pago.reembolsos-pendientes';

/** The sweep runs every five minutes. */
export const REEMBOLSOS_INTERVALO_MS = 5 * 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The refunds that did not follow their approval (docs/decisions/025), on the jobs table as
 * the reservation expiry (docs/decisions/024): one job per time slot, named by its `clave`,
 * so it runs once however many processes schedule it; a run schedules the next slot, then
 * sweeps (the provider's refund is idempotent by key).
 */
export function registrarReembolsosPendientes(
  jobs: JobRunner,
  service: Pick<PagoService, 'reembolsarPendientes'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / REEMBOLSOS_INTERVALO_MS);
  const programarRanura = (ranura: number) =>
    jobs.enqueue(db, {
      tipo: TIPO_REEMBOLSOS_PENDIENTES,
      payload: { ranura },
      clave: `${TIPO_REEMBOLSOS_PENDIENTES}:${ranura}`,
      ejecutarDesde: new Date(ranura * REEMBOLSOS_INTERVALO_MS),
    });

  jobs.register(TIPO_REEMBOLSOS_PENDIENTES, payloadSchema, async ({ ranura }) => {
    await programarRanura(Math.max(ranura, ranuraDeAhora()) + 1);
    await service.reembolsarPendientes();
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(ranuraDeAhora()),
  };
}
