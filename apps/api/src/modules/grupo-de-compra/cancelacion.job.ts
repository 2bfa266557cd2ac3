import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { CancelacionDeGrupoService } from './grupo-de-compra.cancelacion';

/** Open groups past their deadline are cancelled and refunded. */
export const TIPO_GRUPOS_VENCIDOS = 'grupo-de-compra.vencidos';
/** Runs every minute. */
export const CANCELACION_INTERVALO_MS = 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The deadlines of groups (docs/decisions/026), on the jobs table: one job per time slot,
 * named by its `clave`, so it runs once a minute however many processes schedule it; a run
 * schedules its next slot, then cancels what is past its deadline (the refunds that follow are
 * the refund ledger's job: pedido/reembolsos.job.ts).
 */
export function registrarCancelacionDeGrupos(
  jobs: JobRunner,
  service: Pick<CancelacionDeGrupoService, 'cancelarVencidos'>,
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
  };
  for (const [tipo, trabajo] of Object.entries(trabajos)) {
    jobs.register(tipo, payloadSchema, async ({ ranura }) => {
      await programarRanura(tipo, Math.max(ranura, ranuraDeAhora()) + 1);
      await trabajo();
    });
  }

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: async () => {
      for (const tipo of Object.keys(trabajos)) await programarRanura(tipo, ranuraDeAhora());
    },
  };
}
