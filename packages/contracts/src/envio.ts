import { z } from 'zod';
import { idSchema } from './ids';
import { paqueteSchema } from './paquete';
import { LIMITES_PEDIDO, lineaPedidoRequestSchema } from './pedido';
import { texto } from './texto';
import { emailSchema, telefonoSchema } from './usuario';

/** Texts of the checkout's shipping step (spec file 1, section 8). */
export const ENVIO_MENSAJES = {
  sinOpciones: 'No se encontraron opciones de envío disponibles',
  sinCotizacion: 'No se pudo obtener la cotización de envío',
  sinTienda: 'No se pudo obtener información de la tienda',
  paqueteIncompleto: 'Debes completar todos los campos del paquete',
} as const;

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
    /** Accepted as the spec sends it; shipping is priced from `items`, never from it. */
    paquete: paqueteSchema,
    /**
     * Not in the spec: the cart lines of this store, whose products' packages price the
     * quote (docs/decisions/051). Without them, one default package is quoted.
     */
    items: z
      .array(lineaPedidoRequestSchema.omit({ grupoId: true }))
      .min(1, 'El carrito está vacío')
      .max(LIMITES_PEDIDO.lineas, `Un pedido puede tener hasta ${LIMITES_PEDIDO.lineas} productos`)
      .optional(),
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

export type OpcionEnvio = z.infer<typeof opcionEnvioSchema>;
export type CotizarPrevioRequest = z.infer<typeof cotizarPrevioRequestSchema>;
