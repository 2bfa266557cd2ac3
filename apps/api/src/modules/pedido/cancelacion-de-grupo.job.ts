import { defineJob } from '../../jobs/periodic-job';
import type { CancelacionDeGrupoService } from './cancelacion-de-grupo.service';

/** Open groups past their deadline are cancelled and refunded. */
export const TIPO_GRUPOS_VENCIDOS = 'grupo-de-compra.vencidos';
/** Runs every minute. */
export const CANCELACION_INTERVALO_MS = 60_000;

/**
 * The deadlines of groups (docs/decisions/026): once a minute, what is past its deadline is
 * cancelled (the refunds that follow are the refund ledger's job: reembolsos.job.ts),
 * then the sellers of groups expiring within a day with places empty are warned, once.
 */
export const cancelacionDeGruposJob = (
  service: Pick<CancelacionDeGrupoService, 'cancelarVencidos' | 'avisarPorVencer'>,
) =>
  defineJob({
    name: TIPO_GRUPOS_VENCIDOS,
    every: CANCELACION_INTERVALO_MS,
    run: async () => {
      await service.cancelarVencidos();
      // The sellers of groups about to expire with places empty (docs/decisions/042).
      await service.avisarPorVencer();
    },
  });
