import { AVISO_RESERVA_MINUTOS } from '../aviso/mensajes.service';
import type { DepsDelPedido } from './pedido-comun';
import { liberarReservas } from './reservas';

/** Expired orders released per transaction by the sweep. */
const LOTE_VENCIDOS = 50;

/**
 * The reservations' end (docs/decisions/024 and 042), run by the sweep's job
 * (reservas-vencidas.job.ts): the warning before it, and the release after it.
 */
export function createReservasVencidas({
  withTransaction,
  reservaMinutos,
  cicloDeVida,
  reembolsos,
  mensajes,
  clock,
}: Pick<
  DepsDelPedido,
  'withTransaction' | 'reservaMinutos' | 'cicloDeVida' | 'reembolsos' | 'mensajes' | 'clock'
>) {
  return {
    /**
     * Warns, once per order, the shoppers whose reservation ends within the next minutes while
     * some seller is still unpaid (the expiry sweep's job runs it each minute). Answers how
     * many were warned.
     */
    async avisarReservasPorVencer(): Promise<number> {
      if (!mensajes) return 0;
      const ahora = clock.now();
      // Warned at most this long before the end, and never sooner than half the reservation.
      const antes = Math.min(AVISO_RESERVA_MINUTOS, reservaMinutos / 2) * 60_000;
      return withTransaction((repos) =>
        mensajes.reservasPorVencer(repos, ahora, new Date(ahora.getTime() + antes)),
      );
    },

    /**
     * The expiry sweep (docs/decisions/024): releases, batch by batch, what orders whose
     * reservation ran out still hold: their stock goes back (`stockActualizado`), their
     * pending payments become `rechazado`, and the order is marked processed. Lines of
     * approved payments are sold and stay. An order another transaction holds is waited for
     * (docs/decisions/046); a processed order is never read again. Answers how many orders it
     * processed.
     */
    async liberarReservasVencidas(): Promise<number> {
      let total = 0;
      for (;;) {
        const ahora = clock.now();
        const { n, reembolsoIds } = await withTransaction(async (repos) => {
          const ids = await repos.pedido.lockReservasVencidas(ahora, LOTE_VENCIDOS);
          await liberarReservas(repos, ids, ahora);
          const reembolsoIds = await cicloDeVida.reembolsarPedidosVencidos(repos, ids, ahora);
          return { n: ids.length, reembolsoIds };
        });
        if (reembolsoIds.length > 0) await reembolsos.hacerAhora(reembolsoIds);
        total += n;
        if (n < LOTE_VENCIDOS) return total;
      }
    },
  };
}
