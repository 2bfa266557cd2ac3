import { z } from 'zod';
import { idSchema } from './ids';
import { numero } from './numero';
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

/**
 * The shipping option a store offers its coverage area beside the carriers' (docs/decisions/057):
 * one route per completed group, whose price its members share.
 */
export const ENTREGA_EN_GRUPO = {
  carrier: 'Entrega en grupo',
  servicio: 'Ruta compartida de la tienda',
} as const;

export const esEntregaEnGrupo = (opcion: { carrier: string; servicio: string }) =>
  opcion.carrier === ENTREGA_EN_GRUPO.carrier && opcion.servicio === ENTREGA_EN_GRUPO.servicio;

/** Bounds of a store's 'Entrega en grupo' prices, in pesos. */
export const LIMITES_ENTREGA_EN_GRUPO = { base: 1_000_000, porKm: 100_000, minimo: 1_000_000 };

const pesosDeEntrega = (maximo: number, campo: string) =>
  numero({
    min: 0,
    max: maximo,
    mensaje: `${campo} debe ser un número entre 0 y ${maximo.toLocaleString('es-AR')}`,
  });

/**
 * A store's 'Entrega en grupo' settings (pesos): a route costs `base` plus `porKm` per km it
 * runs; no member pays less than `minimo`.
 */
export const entregaEnGrupoSchema = z
  .object({
    activa: z.boolean(),
    base: pesosDeEntrega(LIMITES_ENTREGA_EN_GRUPO.base, 'El precio base por ruta'),
    porKm: pesosDeEntrega(LIMITES_ENTREGA_EN_GRUPO.porKm, 'El precio por km'),
    minimo: pesosDeEntrega(LIMITES_ENTREGA_EN_GRUPO.minimo, 'El mínimo por miembro'),
  })
  .meta({ id: 'EntregaEnGrupo' });

export type EntregaEnGrupo = z.infer<typeof entregaEnGrupoSchema>;

/** A store that does not offer it. */
export const ENTREGA_EN_GRUPO_APAGADA: EntregaEnGrupo = {
  activa: false,
  base: 0,
  porKm: 0,
  minimo: 0,
};

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
    /**
     * Not in the spec: 'Entrega en grupo' (docs/decisions/057). `precio` is what the member
     * pays today, the most their share can be; `hasta` (pesos) is the least it can fall to
     * when the group completes with neighbours (the difference is refunded then).
     */
    entregaEnGrupo: z.object({ hasta: z.number() }).optional(),
  })
  .meta({ id: 'OpcionEnvio' });

export const cotizarPrevioResponseSchema = z
  .object({ opciones: z.array(opcionEnvioSchema) })
  .meta({ id: 'CotizarPrevioResponse' });

export type OpcionEnvio = z.infer<typeof opcionEnvioSchema>;
export type CotizarPrevioRequest = z.infer<typeof cotizarPrevioRequestSchema>;
