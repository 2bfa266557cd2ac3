import { defineJob } from '../../jobs/periodic-job';
import type { PedidoService } from './pedido.service';

export const TIPO_LIBERAR_RESERVAS = 'pedido.liberar-reservas-vencidas';

/** The sweep runs once per minute: a reservation is released at most a minute late. */
export const LIBERACION_INTERVALO_MS = 60_000;

/**
 * The expiry of orders' stock reservations (docs/decisions/012 and 024): once a minute,
 * `liberarReservasVencidas` (each order locked, waited for if a checkout or a payment holds it;
 * idempotent), then the warning of the
 * reservations about to end (`avisarReservasPorVencer`, once per order).
 */
export const liberacionDeReservasJob = (
  service: Pick<PedidoService, 'liberarReservasVencidas' | 'avisarReservasPorVencer'>,
) =>
  defineJob({
    name: TIPO_LIBERAR_RESERVAS,
    every: LIBERACION_INTERVALO_MS,
    run: async () => {
      await service.liberarReservasVencidas();
      // The warning a few minutes before the end (docs/decisions/042), in the same pass.
      await service.avisarReservasPorVencer();
    },
  });
