import { defineJob } from '../../jobs/periodic-job';
import type { MercadoPagoVinculacionService } from './mercadopago-vinculacion.service';

export const TIPO_RENOVAR_TOKENS = 'mercadopago.renovar-tokens';

/** Every 12 hours, the tokens that lapse within 7 days are renewed. */
export const RENOVACION_INTERVALO_MS = 12 * 60 * 60_000;
export const RENOVACION_VENTANA_MS = 7 * 24 * 60 * 60_000;

/** The periodic renewal of the sellers' tokens (docs/decisions/012). */
export const renovacionDeTokensJob = (
  service: Pick<MercadoPagoVinculacionService, 'renovarPorVencer'>,
) =>
  defineJob({
    name: TIPO_RENOVAR_TOKENS,
    every: RENOVACION_INTERVALO_MS,
    run: async () => {
      await service.renovarPorVencer(RENOVACION_VENTANA_MS);
    },
  });
