import { z } from 'zod';
import { idSchema } from './ids';
import { numeroCoercido } from './numero';
import { paqueteEnJsonSchema, paqueteSchema } from './paquete';
import { prediccionSchema } from './prediccion';
import { texto } from './texto';

/** One stored version of a product picture, with its size in pixels. */
export const imagenVarianteSchema = z
  .object({
    url: z.string(),
    ancho: z.number().int().positive(),
    alto: z.number().int().positive(),
  })
  .meta({ id: 'ImagenVariante' });

export type ImagenVariante = z.infer<typeof imagenVarianteSchema>;

/** A product (spec file 2, section 3). `precio` is in pesos. */
export const productoSchema = z
  .object({
    _id: idSchema,
    vendedorId: idSchema,
    tiendaId: idSchema,
    nombre: z.string(),
    descripcion: z.string(),
    /** What a place costs now: the open group's price, fixed when it opened (docs/decisions/054). */
    precio: z.number(),
    /**
     * Not in the spec: a price its seller set while people were in the open group; it applies
     * from the next group. Absent or null when none is waiting.
     */
    precioSiguiente: z
      .number()
      .nullable()
      .optional()
      .describe('El precio que fijó el vendedor para el próximo grupo, si cambió'),
    categoria: z.string().nullable(),
    categoriaLocalId: z.array(idSchema),
    imagen: z.string().nullable(),
    stock: z.number().int(),
    cantidadTotalGrupo: z.number().int(),
    fechaCreacion: z.string().describe('Fecha ISO 8601'),
    disponible: z.boolean(),
    /**
     * Not in the spec: the package one unit ships in, as its seller declared it; shipping is
     * priced from it (docs/decisions/051).
     */
    paquete: paqueteSchema,
    /**
     * Not in the spec (added for the server-rendered product page): the versions of `imagen`
     * with its aspect, narrowest first, `imagen` itself last, for an `<img srcset>` and its
     * intrinsic `width`/`height`. The square card thumbnail is a different crop and is not
     * listed. Empty when the sizes are unknown (pictures stored before them): show `imagen`.
     */
    /** Not in the spec: the 320 px square crop of `imagen`, for cards. */
    imagenMiniatura: z
      .string()
      .nullable()
      .optional()
      .describe('La miniatura cuadrada de 320 px de `imagen`, para tarjetas'),
    imagenVariantes: z
      .array(imagenVarianteSchema)
      .optional()
      .describe(
        'Versiones de `imagen` con su proporción, de la más angosta a la original, para srcset',
      ),
  })
  .meta({ id: 'Producto' });

export const productoIdParamsSchema = z.object({ productoId: idSchema });

export type Producto = z.infer<typeof productoSchema>;

/**
 * GET producto/{productoId}: the product and the store that sells it, named, so its page links
 * back to the store from the first paint.
 */
export const productoEnVentaSchema = productoSchema
  .extend({
    tienda: z.object({ _id: idSchema, nombre: z.string() }),
    /**
     * Not in the spec: the product's open group and when it would fill at its pace
     * (decision 052); null when no group is open.
     */
    grupoAbierto: z
      .object({
        _id: idSchema,
        lugaresNecesarios: z.number().int(),
        lugaresOcupados: z.number().int(),
        prediccion: prediccionSchema.nullable(),
      })
      .nullable()
      .optional(),
  })
  .meta({ id: 'ProductoEnVenta' });

export type ProductoEnVenta = z.infer<typeof productoEnVentaSchema>;

/** A product as a public page (server-rendered, docs/decisions/044) holds it: no seller's user id. */
export const productoDeVitrinaSchema = productoSchema.omit({ vendedorId: true });

export type ProductoDeVitrina = z.infer<typeof productoDeVitrinaSchema>;

/** A product page's product: a product of the storefront, with its store named. */
export const productoPublicoSchema = productoDeVitrinaSchema.extend(
  productoEnVentaSchema.pick({ tienda: true, grupoAbierto: true }).shape,
);

export type ProductoPublico = z.infer<typeof productoPublicoSchema>;

/** Bounds of a product's numbers (the server refuses what lies outside them). */
export const LIMITES_PRODUCTO = {
  precioMaximo: 100_000_000,
  stockMaximo: 1_000_000,
  cantidadTotalGrupoMaxima: 10_000,
  plazoGrupoDiasMaximo: 90,
  categoriasLocalesMaximas: 20,
} as const;

const PRECIO_INVALIDO = `El precio debe ser un número mayor que 0 y hasta ${LIMITES_PRODUCTO.precioMaximo.toLocaleString('es-AR')}`;
const STOCK_INVALIDO = `El stock debe ser un número entero entre 0 y ${LIMITES_PRODUCTO.stockMaximo.toLocaleString('es-AR')}`;
const CANTIDAD_GRUPO_INVALIDA = `La cantidad del grupo debe ser un número entero entre 1 y ${LIMITES_PRODUCTO.cantidadTotalGrupoMaxima.toLocaleString('es-AR')}`;

/** The local categories of a product, sent as JSON text inside the multipart form. */
const categoriasLocalesEnJsonSchema = texto({
  max: 2000,
  multilinea: true,
  mensajes: { largo: 'Demasiadas categorías' },
})
  .describe('JSON: una lista de ids')
  .transform((valor, ctx) => {
    try {
      return JSON.parse(valor) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Las categorías no son un JSON válido' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(idSchema)
      .max(LIMITES_PRODUCTO.categoriasLocalesMaximas, 'Demasiadas categorías')
      .transform((ids) => [...new Set(ids)]),
  );

/** The text fields every product form sends (multipart; the image travels beside them). */
const productoCamposBase = z.object({
  nombre: texto({
    max: 120,
    min: 1,
    mensajes: { requerido: 'El nombre del producto es requerido' },
  }),
  descripcion: texto({ max: 2000, campo: 'La descripción', multilinea: true }).default(''),
  precio: numeroCoercido({
    min: 0.01,
    max: LIMITES_PRODUCTO.precioMaximo,
    mensaje: PRECIO_INVALIDO,
  }),
  stock: numeroCoercido({
    min: 0,
    max: LIMITES_PRODUCTO.stockMaximo,
    entero: true,
    mensaje: STOCK_INVALIDO,
  }),
  cantidadTotalGrupo: numeroCoercido({
    min: 1,
    max: LIMITES_PRODUCTO.cantidadTotalGrupoMaxima,
    entero: true,
    mensaje: CANTIDAD_GRUPO_INVALIDA,
  }),
  categoriaLocalId: categoriasLocalesEnJsonSchema.default([]),
  /**
   * Not in the spec: one unit's package. Left out, a new product takes its store category's
   * usual package and an edited one keeps its own.
   */
  paquete: paqueteEnJsonSchema.optional(),
});

/**
 * POST producto/crear (multipart: these fields and the file `imagen`). `vendedorId` must be
 * the caller and `tiendaId` the caller's enabled store with a linked payment account.
 */
export const crearProductoCamposSchema = productoCamposBase
  .extend({
    vendedorId: idSchema,
    tiendaId: idSchema,
    /** Optional: days each group of the product stays open; one still open then is cancelled. */
    plazoGrupoDias: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      numeroCoercido({
        min: 1,
        max: LIMITES_PRODUCTO.plazoGrupoDiasMaximo,
        entero: true,
        mensaje: `El plazo del grupo debe ser un número entero de días entre 1 y ${LIMITES_PRODUCTO.plazoGrupoDiasMaximo}`,
      }).optional(),
    ),
  })
  .meta({ id: 'CrearProductoCampos' });

/** PUT producto/{productId} (multipart: these fields and an optional file `imagen`). */
export const editarProductoCamposSchema = productoCamposBase.meta({ id: 'EditarProductoCampos' });

export const productoGuardadoResponseSchema = z
  .object({ mensaje: z.string(), producto: productoSchema })
  .meta({ id: 'ProductoGuardadoResponse' });

/** GET producto/vendedor/{userId}: the seller's products, on sale or not, newest first. */
export const productosDelVendedorResponseSchema = z
  .array(productoSchema)
  .meta({ id: 'ProductosDelVendedor' });

/** GET producto/esPropietario/{productId}/{userId}. */
export const esPropietarioResponseSchema = z
  .object({ esPropietario: z.boolean() })
  .meta({ id: 'EsPropietarioResponse' });

export const productoYUsuarioParamsSchema = z.object({ productoId: idSchema, userId: idSchema });

export type CrearProductoCampos = z.infer<typeof crearProductoCamposSchema>;
export type EditarProductoCampos = z.infer<typeof editarProductoCamposSchema>;
