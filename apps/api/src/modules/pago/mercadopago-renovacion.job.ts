import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { MercadoPagoVinculacionService } from './mercadopago-vinculacion.service';

export const TIPO_RENOVAR_TOKENS = 'mercadopago.renovar-tokens';

/** Every 12 hours, the tokens that lapse within 7 days are renewed. */
export const RENOVACION_INTERVALO_MS = 12 * 60 * 60_000;
export const RENOVACION_VENTANA_MS = 7 * 24 * 60 * 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The periodic renewal of the sellers' tokens on the jobs table (docs/decisions/012): time is
 * cut in slots of `RENOVACION_INTERVALO_MS`, and each slot has one job whose `clave` names it,
 * so however many processes schedule a slot it runs once. A run first schedules the next slot,
 * then renews; `programar` (on listen) schedules the current slot, which also restarts the
 * chain after the service was down for a while.
 */
export function registrarRenovacionDeTokens(
  jobs: JobRunner,
  service: Pick<MercadoPagoVinculacionService, 'renovarPorVencer'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const programarRanura = (ranura: number) =>
    jobs.enqueue(db, {
      tipo: TIPO_RENOVAR_TOKENS,
      payload: { ranura },
      clave: `${TIPO_RENOVAR_TOKENS}:${ranura}`,
      ejecutarDesde: new Date(ranura * RENOVACION_INTERVALO_MS),
    });

  jobs.register(TIPO_RENOVAR_TOKENS, payloadSchema, async ({ ranura }) => {
    await programarRanura(ranura + 1);
    await service.renovarPorVencer(RENOVACION_VENTANA_MS);
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(Math.floor(clock.now().getTime() / RENOVACION_INTERVALO_MS)),
  };
}
