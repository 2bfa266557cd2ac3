import { z } from 'zod';

/**
 * The one error body of the API (DESIGN.md section 4): a Spanish human message in `error`
 * and `mensaje` (screens read either), and a stable machine `code`.
 */
export const errorBodySchema = z
  .object({
    error: z.string(),
    mensaje: z.string(),
    code: z.string(),
    detalles: z
      .array(z.object({ campo: z.string(), mensaje: z.string() }))
      .optional()
      .describe('Campos inválidos, cuando el error es de validación'),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine codes shared by the server and the client. */
export const ERROR_CODES = {
  validacion: 'VALIDACION',
  rutaNoEncontrada: 'RUTA_NO_ENCONTRADA',
  demasiadasSolicitudes: 'DEMASIADAS_SOLICITUDES',
  cuerpoDemasiadoGrande: 'CUERPO_DEMASIADO_GRANDE',
  solicitudInvalida: 'SOLICITUD_INVALIDA',
  urlInvalida: 'URL_INVALIDA',
  urlDemasiadoLarga: 'URL_DEMASIADO_LARGA',
  encabezadosDemasiadoGrandes: 'ENCABEZADOS_DEMASIADO_GRANDES',
  tiempoAgotado: 'TIEMPO_AGOTADO',
  errorInterno: 'ERROR_INTERNO',
} as const;
