import { defineJob } from '../../jobs/periodic-job';
import type { AvisoService } from './aviso.service';

export const TIPO_RETENCION_AVISOS = 'aviso.retencion';

/** Every hour, the notifications older than 90 days are deleted (docs/decisions/041). */
export const RETENCION_INTERVALO_MS = 60 * 60_000;

export const retencionDeAvisosJob = (service: Pick<AvisoService, 'borrarVencidos'>) =>
  defineJob({
    name: TIPO_RETENCION_AVISOS,
    every: RETENCION_INTERVALO_MS,
    run: async () => {
      await service.borrarVencidos();
    },
  });
