import { z } from 'zod';
import type { JobExecutor, JobRunner } from '../../jobs/job-runner';
import type { Clock } from '../../lib/clock';
import type { PedidoService } from './pedido.service';

export const TIPO_LIBERAR_RESERVAS = 'pedido.liberar-reservas-vencidas';

/** The sweep runs once per minute: a reservation is released at most a minute late. */
export const LIBERACION_INTERVALO_MS = 60_000;

const payloadSchema = z.object({ ranura: z.number().int().nonnegative() });

/**
 * The expiry of orders' stock reservations on the jobs table (docs/decisions/012 and 024),
 * as the Mercado Pago renewal: time is cut in one-minute slots, each slot one job whose
 * `clave` names it, so however many processes schedule it, it runs once. A run schedules the
 * next slot after now (a runner that was down does not replay the slots it missed), then
 * sweeps (`liberarReservasVencidas`: `FOR UPDATE SKIP LOCKED`, idempotent).
 */
export function registrarLiberacionDeReservas(
  jobs: JobRunner,
  service: Pick<PedidoService, 'liberarReservasVencidas'>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / LIBERACION_INTERVALO_MS);
  const programarRanura = (ranura: number) =>
    jobs.enqueue(db, {
      tipo: TIPO_LIBERAR_RESERVAS,
      payload: { ranura },
      clave: `${TIPO_LIBERAR_RESERVAS}:${ranura}`,
      ejecutarDesde: new Date(ranura * LIBERACION_INTERVALO_MS),
    });

  jobs.register(TIPO_LIBERAR_RESERVAS, payloadSchema, async ({ ranura }) => {
    await programarRanura(Math.max(ranura, ranuraDeAhora()) + 1);
    await service.liberarReservasVencidas();
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(ranuraDeAhora()),
  };
}
