import { z } from 'zod';
import { direccionDeEntregaSchema } from './entrega';
import { numeroDeConsulta } from './geo';
import { idSchema } from './ids';

/**
 * A store's day as a route (issue 36; docs/decisions/057): the seller's parts ready for
 * delivery, planned from the store (or from where the courier stands), and those delivered
 * today, checked off.
 */

/** One stop: one seller's part of an order, ready for delivery or delivered today. */
export const paradaDeRutaSchema = z.object({
  /** 1-based number on the map and the list; delivered stops come first, in delivery order. */
  orden: z.number().int().min(1),
  pedidoId: idSchema,
  /** The order's number as the screens show it ('#A1B2C3'). */
  numero: z.string(),
  tiendaId: idSchema,
  comprador: z.string().describe('Nombre del comprador'),
  telefono: z.string(),
  direccion: direccionDeEntregaSchema,
  /** The address's point; null when it has none (the stop is listed last, unplanned). */
  latitud: z.number().nullable(),
  longitud: z.number().nullable(),
  productos: z.array(z.object({ nombre: z.string(), cantidad: z.number().int() })),
  entregada: z.boolean(),
  entregadaEn: z.string().nullable().describe('Fecha ISO 8601 de la entrega'),
  /** Metres from the previous stop (or the origin) along the planned route; null when unplanned. */
  distanciaDesdeAnteriorMetros: z.number().int().nullable(),
});

export const rutaDelDiaSchema = z
  .object({
    tiendaId: idSchema,
    tiendaNombre: z.string(),
    /** Where the route starts: the store, or the courier's position when asked to re-plan. */
    origen: z.object({ latitud: z.number(), longitud: z.number(), direccion: z.string() }),
    desdePosicion: z.boolean(),
    /** The pending stops' route (from the origin, back to the store when planned from it). */
    distanciaMetros: z.number().int(),
    duracionSegundos: z.number().int(),
    paradas: z.array(paradaDeRutaSchema),
  })
  .meta({ id: 'RutaDelDia' });

export const rutasDelDiaResponseSchema = z
  .object({ rutas: z.array(rutaDelDiaSchema) })
  .meta({ id: 'RutasDelDiaResponse' });

// A query string stays inline (no `.meta({ id })`): OpenAPI describes it as parameters.
export const rutasDelDiaQuerySchema = z.object({
  /** Only this store's route (a seller's own; couriers and admins may name any). */
  tiendaId: idSchema.optional(),
  /** Re-plan the pending stops from here (both; one alone is ignored: from the store). */
  latitud: numeroDeConsulta('la latitud', -90, 90, '-34.5889').optional(),
  longitud: numeroDeConsulta('la longitud', -180, 180, '-58.4306').optional(),
});

export type ParadaDeRuta = z.infer<typeof paradaDeRutaSchema>;
export type RutaDelDia = z.infer<typeof rutaDelDiaSchema>;
export type RutasDelDiaResponse = z.infer<typeof rutasDelDiaResponseSchema>;
