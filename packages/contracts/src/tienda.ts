import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { crearDireccionRequestSchema } from './direccion';
import { idSchema } from './ids';
import { productoSchema } from './producto';
import { texto } from './texto';
import { emailSchema, telefonoSchema } from './usuario';

export const categoriaLocalSchema = z
  .object({ _id: idSchema, nombre: z.string() })
  .meta({ id: 'CategoriaLocal' });

export const tiendasQueCubrenRequestSchema = z
  .object({
    lat: latitudSchema,
    lng: longitudSchema,
    q: texto({ max: 100, campo: 'La búsqueda' })
      .optional()
      .describe('Texto a buscar en nombre o descripción de la tienda o de sus productos'),
  })
  .meta({ id: 'TiendasQueCubrenRequest' });

/** A product as the store card's carousel shows it. */
export const productoDestacadoSchema = z
  .object({
    _id: idSchema,
    nombre: z.string(),
    precio: z.number(),
    imagen: z.string().nullable(),
  })
  .meta({ id: 'ProductoDestacado' });

/** A store card of the marketplace listing: at most 6 featured products and the total count. */
export const tiendaCercanaSchema = z
  .object({
    _id: idSchema,
    nombre: z.string(),
    descripcion: z.string(),
    logo: z.string().nullable(),
    habilitada: z.boolean(),
    categoriaGlobal: idSchema.nullable(),
    categoriaNombre: z.string().nullable(),
    productos: z.array(productoDestacadoSchema),
    totalProductos: z.number().int(),
    categoriasLocales: z.array(categoriaLocalSchema),
    distanciaKm: z.number(),
  })
  .meta({ id: 'TiendaCercana' });

export const tiendasQueCubrenResponseSchema = z
  .object({ tiendas: z.array(tiendaCercanaSchema) })
  .meta({ id: 'TiendasQueCubrenResponse' });

export const tiendaIdParamsSchema = z.object({ tiendaId: idSchema });

/** A store page: the store, its available products and its local categories. */
export const tiendaConProductosSchema = z
  .object({
    _id: idSchema,
    nombre: z.string(),
    descripcion: z.string(),
    logo: z.string().nullable(),
    telefono: z.string(),
    email: z.string(),
    razonSocial: z.string(),
    habilitada: z.boolean(),
    categoriaGlobal: idSchema.nullable(),
    categoriaNombre: z.string().nullable(),
    productos: z.array(productoSchema),
    categoriasLocales: z.array(categoriaLocalSchema),
  })
  .meta({ id: 'TiendaConProductos' });

/** GET tienda/esta-habilitada/{userId}: whether the product team enabled the user's store. */
export const tiendaHabilitadaResponseSchema = z
  .object({ habilitada: z.boolean() })
  .meta({ id: 'TiendaHabilitadaResponse' });

/** The seller's own store, as Mi Tienda and 'Editar Tienda' show it. */
export const tiendaDelVendedorSchema = tiendaConProductosSchema
  .pick({
    _id: true,
    nombre: true,
    descripcion: true,
    logo: true,
    telefono: true,
    email: true,
    razonSocial: true,
  })
  .meta({ id: 'TiendaDelVendedor' });

/** GET tienda/por-usuario/{userId}. */
export const tiendaPorUsuarioResponseSchema = z
  .object({ tienda: tiendaDelVendedorSchema })
  .meta({ id: 'TiendaPorUsuarioResponse' });

/** The store's address, sent as JSON text inside the multipart form of POST tienda/crear. */
const direccionEnJsonSchema = z
  .string()
  .max(4000, 'La dirección es demasiado larga')
  .transform((valor, ctx) => {
    try {
      return JSON.parse(valor) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'La dirección no es un JSON válido' });
      return z.NEVER;
    }
  })
  .pipe(crearDireccionRequestSchema);

/**
 * The text fields of POST tienda/crear (multipart; the `logo` file travels beside them). The
 * store is created for `userId`, who must be the caller.
 */
export const crearTiendaCamposSchema = z
  .object({
    userId: idSchema,
    nombre: texto({ max: 100, min: 1, campo: 'El nombre' }),
    descripcion: texto({ max: 1000, campo: 'La descripción', multilinea: true }).default(''),
    telefono: telefonoSchema,
    email: emailSchema,
    razonSocial: texto({ max: 150, min: 1, campo: 'La razón social' }),
    categoriaGlobal: idSchema,
    cobertura: idSchema,
    direccion: direccionEnJsonSchema,
  })
  .meta({ id: 'CrearTiendaCampos' });

export const crearTiendaResponseSchema = z
  .object({
    mensaje: z.string(),
    tienda: tiendaDelVendedorSchema.extend({ habilitada: z.boolean() }),
  })
  .meta({ id: 'CrearTiendaResponse' });

export type CrearTiendaCampos = z.infer<typeof crearTiendaCamposSchema>;

export type TiendaCercana = z.infer<typeof tiendaCercanaSchema>;
export type TiendasQueCubrenResponse = z.infer<typeof tiendasQueCubrenResponseSchema>;
export type TiendaConProductos = z.infer<typeof tiendaConProductosSchema>;
export type CategoriaLocal = z.infer<typeof categoriaLocalSchema>;
export type TiendaDelVendedor = z.infer<typeof tiendaDelVendedorSchema>;
