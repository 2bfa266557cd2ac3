import { z } from 'zod';

/**
 * Why a forecast says what it says (docs/decisions/052):
 * - `ritmo`: at the estimated pace the group fills; `fecha` is when.
 * - `no_llega`: at the estimated pace it does not fill before its `fechaLimite`; `fecha` null.
 * - `sin_datos`: nobody joined yet and the product has no earlier groups; `fecha` null.
 */
export const MOTIVOS_PREDICCION = ['ritmo', 'no_llega', 'sin_datos'] as const;
export const motivoPrediccionSchema = z.enum(MOTIVOS_PREDICCION);
export type MotivoPrediccion = z.infer<typeof motivoPrediccionSchema>;

/** When an open group would fill, as the API returns it with the group (`prediccion`). */
export const prediccionSchema = z
  .object({
    fecha: z
      .string()
      .nullable()
      .describe(
        'ISO 8601: cuándo se completaría el grupo al ritmo estimado; null si no llega antes de su fecha límite o no hay datos',
      ),
    motivo: motivoPrediccionSchema,
  })
  .meta({ id: 'PrediccionDeGrupo' });
export type Prediccion = z.infer<typeof prediccionSchema>;

/** What every screen shows when the estimated pace does not fill the group before its deadline. */
export const TEXTO_NO_LLEGA = 'A este ritmo no se completa antes del cierre';

const HORA = 3_600_000;
const DIA = 24 * HORA;

/**
 * The words a screen shows for a forecast, rounded as coarsely as the estimate deserves (its
 * error is about half the time that remains, decision 052): hours, about a day, days, weeks,
 * months. No clock times and no day names ('hoy', 'mañana'): they would claim a precision the
 * estimate does not have. Null when there is nothing to say (`sin_datos`, or a date that does
 * not parse): the screen shows nothing.
 */
export function textoDePrediccion(prediccion: Prediccion, ahora: Date): string | null {
  if (prediccion.motivo === 'no_llega') return TEXTO_NO_LLEGA;
  if (prediccion.motivo === 'sin_datos' || prediccion.fecha === null) return null;
  const fecha = Date.parse(prediccion.fecha);
  if (Number.isNaN(fecha)) return null;
  const dias = (fecha - ahora.getTime()) / DIA;
  if (dias < 0.25) return 'Se completaría en unas horas';
  if (dias < 1.5) return 'Se completaría en alrededor de un día';
  if (dias < 6.5) return `Se completaría en unos ${Math.round(dias)} días`;
  if (dias < 10.5) return 'Se completaría en alrededor de una semana';
  if (dias < 45) return `Se completaría en unas ${Math.round(dias / 7)} semanas`;
  if (dias < 330) return `Se completaría en unos ${Math.round(dias / 30)} meses`;
  return 'A este ritmo tardaría más de un año';
}
