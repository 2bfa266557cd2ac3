import { defineJob } from '../../jobs/periodic-job';
import type { ReembolsosService } from './reembolsos.service';

export const TIPO_REEMBOLSOS = 'pedido.reembolsos';

/** The refund ledger's retries run every minute (each refund keeps its own backoff). */
export const REEMBOLSOS_INTERVALO_MS = 60_000;

/**
 * The one refund retry job (docs/decisions/028): tries the refunds whose backoff passed (the
 * provider's refund is idempotent by key).
 */
export const reembolsosJob = (service: Pick<ReembolsosService, 'hacerPendientes'>) =>
  defineJob({
    name: TIPO_REEMBOLSOS,
    every: REEMBOLSOS_INTERVALO_MS,
    run: async () => {
      await service.hacerPendientes();
    },
  });
