import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { ReembolsosService } from './reembolsos.service';

export const TIPO_REEMBOLSOS = 'pedido.reembolsos';

/** The refund ledger's retries run every minute (each refund keeps its own backoff). */
export const REEMBOLSOS_INTERVALO_MS = 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The one refund retry job (docs/decisions/028), on the jobs table as the other sweeps: one job
 * per time slot, named by its `clave`, so it runs once however many processes schedule it; a
 * run schedules the next slot, then tries the refunds whose backoff passed (the provider's
 * refund is idempotent by key).
 */
export function registrarReembolsos(
  jobs: JobRunner,
  service: Pick<ReembolsosService, 'hacerPendientes'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / REEMBOLSOS_INTERVALO_MS);
  const programarRanura = (ranura: number) =>
    jobs.enqueue(db, {
      tipo: TIPO_REEMBOLSOS,
      payload: { ranura },
      clave: `${TIPO_REEMBOLSOS}:${ranura}`,
      ejecutarDesde: new Date(ranura * REEMBOLSOS_INTERVALO_MS),
    });

  jobs.register(TIPO_REEMBOLSOS, payloadSchema, async ({ ranura }) => {
    await programarRanura(Math.max(ranura, ranuraDeAhora()) + 1);
    await service.hacerPendientes();
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(ranuraDeAhora()),
  };
}
