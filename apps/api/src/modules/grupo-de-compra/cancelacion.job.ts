import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { CancelacionDeGrupoService } from './grupo-de-compra.cancelacion';

/** Open groups past their deadline are cancelled and refunded. */
export const TIPO_GRUPOS_VENCIDOS = 'grupo-de-compra.vencidos';
/** The refunds of cancelled groups the provider has not confirmed yet are tried again. */
export const TIPO_REEMBOLSOS_DE_GRUPO = 'grupo-de-compra.reembolsos';

/** Both run every minute. */
export const CANCELACION_INTERVALO_MS = 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The deadlines and the refund retries of cancelled groups (docs/decisions/026), on the jobs
 * table as the payment refund sweep (pago/reembolsos-pendientes.job.ts): one job per type and
 * time slot, named by its `clave`, so each runs once a minute however many processes schedule
 * it; a run schedules its next slot, then does its work. The refunds keep their own state
 * (`reembolsos_de_grupo`: tries, last error) and the provider's refund is idempotent by key.
 */
export function registrarCancelacionDeGrupos(
  jobs: JobRunner,
  service: Pick<CancelacionDeGrupoService, 'cancelarVencidos' | 'reembolsarPendientes'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / CANCELACION_INTERVALO_MS);
  const programarRanura = (tipo: string, ranura: number) =>
    jobs.enqueue(db, {
      tipo,
      payload: { ranura },
      clave: `${tipo}:${ranura}`,
      ejecutarDesde: new Date(ranura * CANCELACION_INTERVALO_MS),
    });

  const trabajos = {
    [TIPO_GRUPOS_VENCIDOS]: () => service.cancelarVencidos(),
    [TIPO_REEMBOLSOS_DE_GRUPO]: () => service.reembolsarPendientes(),
  };
  for (const [tipo, trabajo] of Object.entries(trabajos)) {
    jobs.register(tipo, payloadSchema, async ({ ranura }) => {
      await programarRanura(tipo, Math.max(ranura, ranuraDeAhora()) + 1);
      await trabajo();
    });
  }

  return {
    /** Schedules the slot of now of both (a no-op when they already are). */
    programar: async () => {
      for (const tipo of Object.keys(trabajos)) await programarRanura(tipo, ranuraDeAhora());
    },
  };
}
