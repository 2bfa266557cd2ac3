import { z } from 'zod';
import { defineJob } from '../../jobs/periodic-job';
import type { ConciliacionService } from './conciliacion.service';

export const TIPO_CONCILIACION = 'pago.conciliacion';

/** A pass every five minutes. */
export const CONCILIACION_INTERVALO_MS = 5 * 60_000;

/** Where the previous pass stopped (the walk over the parts goes on from there). */
const cursorSchema = z.object({ creadoEn: z.iso.datetime(), id: z.string().max(64) });

/**
 * The payment reconciliation (docs/decisions/025): a pass every five minutes; a pass hands
 * where it stopped to the next slot's pass.
 */
export const conciliacionJob = (service: Pick<ConciliacionService, 'conciliar'>) =>
  defineJob<z.infer<typeof cursorSchema>>({
    name: TIPO_CONCILIACION,
    every: CONCILIACION_INTERVALO_MS,
    carry: cursorSchema,
    run: async (despuesDe) => {
      const desde = despuesDe && { creadoEn: new Date(despuesDe.creadoEn), id: despuesDe.id };
      const { siguiente } = await service.conciliar(desde);
      return siguiente && { creadoEn: siguiente.creadoEn.toISOString(), id: siguiente.id };
    },
  });
