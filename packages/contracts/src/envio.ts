import { z } from 'zod';
import { idSchema } from './ids';
import { numero } from './numero';
import { texto } from './texto';
import { emailSchema, telefonoSchema } from './usuario';

/** Texts of the checkout's shipping step (spec file 1, section 8). */
export const ENVIO_MENSAJES = {
  sinOpciones: 'No se encontraron opciones de envío disponibles',
  sinCotizacion: 'No se pudo obtener la cotización de envío',
  sinTienda: 'No se pudo obtener información de la tienda',
  paqueteIncompleto: 'Debes completar todos los campos del paquete',
} as const;

/** A package's bounds: what a courier or the post takes (weights in kg, sizes in cm). */
export const LIMITES_PAQUETE = {
  pesoMinimo: 0.1,
  pesoMaximo: 1000,
  medidaMinima: 1,
  medidaMaxima: 300,
} as const;

const medida = (campo: string) =>
  numero({
    min: LIMITES_PAQUETE.medidaMinima,
    max: LIMITES_PAQUETE.medidaMaxima,
    mensaje: `${campo} debe estar entre ${LIMITES_PAQUETE.medidaMinima} y ${LIMITES_PAQUETE.medidaMaxima} cm`,
  });

/** The package of the checkout's step 4 (spec file 1, section 3): kg and cm. */
export const paqueteSchema = z
  .object({
    peso: numero({
      min: LIMITES_PAQUETE.pesoMinimo,
      max: LIMITES_PAQUETE.pesoMaximo,
      mensaje: `El peso debe estar entre ${LIMITES_PAQUETE.pesoMinimo} y ${LIMITES_PAQUETE.pesoMaximo} kg`,
    }),
    largo: medida('El largo'),
    ancho: medida('El ancho'),
    alto: medida('El alto'),
  })
  .meta({ id: 'Paquete' });

/** POST envio/cotizar-previo: shipping options from a store to one of the caller's addresses. */
export const cotizarPrevioRequestSchema = z
  .object({
    tiendaId: idSchema,
    direccionDestinoId: idSchema,
    clienteInfo: z.object({
      // As long as a user's name may be (registrar): checkout sends the user's own name.
      nombre: texto({ max: 120, min: 1, campo: 'El nombre' }),
      telefono: telefonoSchema,
      email: emailSchema,
    }),
    paquete: paqueteSchema,
  })
  .meta({ id: 'CotizarPrevioRequest' });

/** One shipping option (spec file 1, section 3): carrier, service, delivery time, price (pesos). */
export const opcionEnvioSchema = z
  .object({
    carrier: z.string(),
    servicio: z.string(),
    tiempoEntrega: z.string().describe('Texto para mostrar, p. ej. "2 a 4 días hábiles"'),
    diasMinimos: z.number().int(),
    diasMaximos: z.number().int(),
    precio: z.number(),
  })
  .meta({ id: 'OpcionEnvio' });

export const cotizarPrevioResponseSchema = z
  .object({ opciones: z.array(opcionEnvioSchema) })
  .meta({ id: 'CotizarPrevioResponse' });

export type Paquete = z.infer<typeof paqueteSchema>;
export type OpcionEnvio = z.infer<typeof opcionEnvioSchema>;
export type CotizarPrevioRequest = z.infer<typeof cotizarPrevioRequestSchema>;
