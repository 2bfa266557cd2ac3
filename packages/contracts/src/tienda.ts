import { z } from 'zod';
import { latitudSchema, longitudSchema } from './coordenadas';
import { crearDireccionRequestSchema } from './direccion';
import { entregaEnGrupoSchema } from './envio';
import { idSchema } from './ids';
import { productoDeVitrinaSchema, productoSchema } from './producto';
import { jsonEnTexto, texto } from './texto';
import { EMAIL_EN_EL_DOCUMENTO, emailSchema, telefonoSchema } from './usuario';

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

/**
 * What a store's public page (server-rendered, docs/decisions/044) holds: what the page shows,
 * the store's contact included, without the razón social nor the seller's user id.
 */
export const tiendaPublicaSchema = tiendaConProductosSchema
  .omit({ razonSocial: true })
  .extend({ productos: z.array(productoDeVitrinaSchema) });

export type TiendaPublica = z.infer<typeof tiendaPublicaSchema>;

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
  .extend({ entregaEnGrupo: entregaEnGrupoSchema })
  .meta({ id: 'TiendaDelVendedor' });

/** GET tienda/por-usuario/{userId}. */
export const tiendaPorUsuarioResponseSchema = z
  .object({ tienda: tiendaDelVendedorSchema })
  .meta({ id: 'TiendaPorUsuarioResponse' });

/** The store's address, sent as JSON text inside the multipart form of POST tienda/crear. */
const direccionEnJsonSchema = jsonEnTexto(crearDireccionRequestSchema, {
  max: 4000,
  describe: 'JSON de CrearDireccionRequest',
  invalido: 'La dirección no es un JSON válido',
  largo: 'La dirección es demasiado larga',
});

/** A store's 'Entrega en grupo' settings, sent as JSON text in its multipart forms. */
const entregaEnGrupoEnJsonSchema = jsonEnTexto(entregaEnGrupoSchema, {
  max: 500,
  describe: 'JSON de EntregaEnGrupo',
  invalido: 'La entrega en grupo no es un JSON válido',
  largo: 'La entrega en grupo es demasiado larga',
});

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
    /** Not in the spec: 'Entrega en grupo' (docs/decisions/057); off without it. */
    entregaEnGrupo: entregaEnGrupoEnJsonSchema.optional(),
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

const TELEFONO_TIENDA_INVALIDO = 'El teléfono no es válido';
const EMAIL_TIENDA_INVALIDO = 'El email no es válido';

/**
 * The text fields of PUT tienda/editar/{userId} (multipart; an optional `logoTienda` file
 * travels beside them). The messages are the 'Editar Tienda' form's (spec file 2, section 5):
 * the web form is built from this same schema.
 */
export const editarTiendaCamposSchema = z
  .object({
    nombre: texto({
      max: 100,
      min: 1,
      mensajes: { requerido: 'El nombre de la tienda es obligatorio' },
    }),
    descripcion: texto({ max: 1000, campo: 'La descripción', multilinea: true }).default(''),
    telefono: texto({
      max: 30,
      min: 1,
      mensajes: {
        requerido: 'El teléfono es obligatorio',
        largo: TELEFONO_TIENDA_INVALIDO,
        invalido: TELEFONO_TIENDA_INVALIDO,
      },
    }).regex(/^[+\d\s()-]+$/, TELEFONO_TIENDA_INVALIDO),
    email: texto({
      max: 254,
      min: 1,
      mensajes: {
        requerido: 'El email es obligatorio',
        largo: EMAIL_TIENDA_INVALIDO,
        invalido: EMAIL_TIENDA_INVALIDO,
      },
    })
      .toLowerCase()
      .meta(EMAIL_EN_EL_DOCUMENTO)
      .pipe(z.email(EMAIL_TIENDA_INVALIDO)),
    razonSocial: texto({
      max: 150,
      min: 1,
      mensajes: { requerido: 'La razón social es obligatoria' },
    }),
    /** Not in the spec: 'Entrega en grupo' (docs/decisions/057); unchanged without it. */
    entregaEnGrupo: entregaEnGrupoEnJsonSchema.optional(),
  })
  .meta({ id: 'EditarTiendaCampos' });

export const editarTiendaResponseSchema = z
  .object({ mensaje: z.string(), tienda: tiendaDelVendedorSchema })
  .meta({ id: 'EditarTiendaResponse' });

/** Texts of 'Configurar Categorías' (spec file 2, section 5). */
export const CATEGORIA_LOCAL_MENSAJES = {
  vacia: 'Por favor ingresa un nombre para la categoría',
  duplicada: 'Ya existe una categoría con ese nombre',
} as const;

/** At most this many local categories per store. */
export const CATEGORIAS_LOCALES_MAXIMO = 50;

/**
 * GET tienda/categorias-locales/{userId}: the store's own categories, by name (as the store
 * page lists them; there is no order column).
 */
export const categoriasLocalesResponseSchema = z
  .object({ tiendaId: idSchema, categoriasLocales: z.array(categoriaLocalSchema) })
  .meta({ id: 'CategoriasLocalesResponse' });

/**
 * PUT tienda/editar-categorias/{tiendaId}: the whole list. An entry with `_id` keeps that
 * category (renamed if the name changed); one without is new; a category left out is removed
 * and taken off its products. Names are unique regardless of case.
 */
export const editarCategoriasRequestSchema = z
  .object({
    categoriasLocales: z
      .array(
        z
          .object({
            _id: idSchema.optional(),
            nombre: texto({
              max: 60,
              min: 1,
              mensajes: { requerido: CATEGORIA_LOCAL_MENSAJES.vacia },
            }),
          })
          // A new category: what a client sends without an id (and what the route-table tests
          // send, since an example id would belong to no store).
          .meta({ example: { nombre: 'Ofertas' } }),
      )
      .max(CATEGORIAS_LOCALES_MAXIMO, `Puedes tener hasta ${CATEGORIAS_LOCALES_MAXIMO} categorías`),
  })
  .superRefine(({ categoriasLocales }, ctx) => {
    const vistos = new Set<string>();
    categoriasLocales.forEach(({ nombre }, index) => {
      const clave = nombre.toLocaleLowerCase('es-AR');
      if (vistos.has(clave)) {
        ctx.addIssue({
          code: 'custom',
          message: CATEGORIA_LOCAL_MENSAJES.duplicada,
          path: ['categoriasLocales', index, 'nombre'],
        });
      }
      vistos.add(clave);
    });
  })
  .meta({ id: 'EditarCategoriasRequest' });

export const editarCategoriasResponseSchema = z
  .object({ mensaje: z.string(), categoriasLocales: z.array(categoriaLocalSchema) })
  .meta({ id: 'EditarCategoriasResponse' });

/** A store as the product team's review screen shows it (admins only). */
export const tiendaEnRevisionSchema = tiendaDelVendedorSchema
  .omit({ entregaEnGrupo: true })
  .extend({
    habilitada: z.boolean(),
    mpVinculado: z.boolean(),
    categoriaNombre: z.string().nullable(),
    coberturaNombre: z.string(),
    coberturaKm: z.number(),
    direccion: z.string(),
    ciudad: z.string(),
    provincia: z.string(),
    usuarioEmail: z.string(),
    creadoEn: z.string().describe('Fecha de creación (ISO 8601)'),
  })
  .meta({ id: 'TiendaEnRevision' });

export const ESTADOS_REVISION = ['pendientes', 'habilitadas', 'todas'] as const;

export const tiendasEnRevisionRequestSchema = z.object({
  estado: z.enum(ESTADOS_REVISION).default('pendientes'),
});

export const tiendasEnRevisionResponseSchema = z
  .object({ tiendas: z.array(tiendaEnRevisionSchema) })
  .meta({ id: 'TiendasEnRevisionResponse' });

/** The longest reason the product team gives for refusing a store (it is emailed). */
export const MOTIVO_RECHAZO_MAX = 500;

/**
 * POST admin/tiendas/{tiendaId}/deshabilitar: the optional reason the seller is told
 * (docs/decisions/042). No body is the same as no reason.
 */
export const deshabilitarTiendaRequestSchema = z
  .object({ motivo: texto({ max: MOTIVO_RECHAZO_MAX, min: 1, campo: 'El motivo' }).optional() })
  .nullish();

export const tiendaRevisadaResponseSchema = z
  .object({ mensaje: z.string(), tienda: tiendaEnRevisionSchema })
  .meta({ id: 'TiendaRevisadaResponse' });

export type EditarTiendaCampos = z.infer<typeof editarTiendaCamposSchema>;
export type EditarCategoriasRequest = z.input<typeof editarCategoriasRequestSchema>;
export type TiendaEnRevision = z.infer<typeof tiendaEnRevisionSchema>;
export type EstadoRevision = (typeof ESTADOS_REVISION)[number];
