import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categorias } from './categoria';
import { coberturas } from './cobertura';
import { idColumn } from './columns';
import { usuarios } from './usuario';

export interface ProductoDestacadoRow {
  _id: string;
  nombre: string;
  precioCentavos: number;
  imagen: string | null;
}

export interface CategoriaLocalRow {
  _id: string;
  nombre: string;
}

/**
 * A seller's store. Its coverage circle (centre = the store's address, radius = the coverage's
 * km, copied here so it can be indexed) decides which shoppers see it.
 */
export const tiendas = pgTable(
  'tiendas',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    logo: text('logo'),
    telefono: text('telefono').notNull(),
    email: text('email').notNull(),
    razonSocial: text('razon_social').notNull(),
    categoriaGlobalId: idColumn('categoria_global_id').references(() => categorias.id),
    direccion: text('direccion').notNull(),
    calle: text('calle'),
    altura: text('altura'),
    departamento: text('departamento'),
    direccionDescripcion: text('direccion_descripcion'),
    ciudad: text('ciudad').notNull(),
    provincia: text('provincia').notNull(),
    codigoPostal: text('codigo_postal'),
    latitud: doublePrecision('latitud').notNull(),
    longitud: doublePrecision('longitud').notNull(),
    coberturaId: idColumn('cobertura_id')
      .notNull()
      .references(() => coberturas.id),
    coberturaKm: doublePrecision('cobertura_km').notNull(),
    habilitada: boolean('habilitada').notNull().default(false),
    /** Payment-account link (Mercado Pago): the seller's account id once linked. */
    mpVinculado: boolean('mp_vinculado').notNull().default(false),
    mpUsuarioId: text('mp_usuario_id'),
    /**
     * What the marketplace card shows, kept current by triggers (migrations 0005 and 0006):
     * the newest 6 available products, how many are available, and the local categories.
     */
    productosDestacados: jsonb('productos_destacados')
      .$type<ProductoDestacadoRow[]>()
      .notNull()
      .default([]),
    totalProductos: integer('total_productos').notNull().default(0),
    categoriasLocalesResumen: jsonb('categorias_locales_resumen')
      .$type<CategoriaLocalRow[]>()
      .notNull()
      .default([]),
    /**
     * 'Entrega en grupo' (docs/decisions/057): offered or not, and its prices in centavos (a
     * route's base, per km, and the least a member pays).
     */
    entregaEnGrupoActiva: boolean('entrega_en_grupo_activa').notNull().default(false),
    entregaEnGrupoBaseCentavos: bigint('entrega_en_grupo_base_centavos', { mode: 'number' })
      .notNull()
      .default(0),
    entregaEnGrupoKmCentavos: bigint('entrega_en_grupo_km_centavos', { mode: 'number' })
      .notNull()
      .default(0),
    entregaEnGrupoMinimoCentavos: bigint('entrega_en_grupo_minimo_centavos', { mode: 'number' })
      .notNull()
      .default(0),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('tiendas_usuario_idx').on(table.usuarioId),
    check(
      'tiendas_entrega_en_grupo_check',
      sql`${table.entregaEnGrupoBaseCentavos} between 0 and 100000000 and ${table.entregaEnGrupoKmCentavos} between 0 and 10000000 and ${table.entregaEnGrupoMinimoCentavos} between 0 and 100000000`,
    ),
    // The bounding cube of each enabled store's coverage circle (cube + earthdistance): the
    // listing asks which boxes contain the shopper's point, then checks the exact distance.
    index('tiendas_cobertura_gist')
      .using(
        'gist',
        sql`earth_box(ll_to_earth(${table.latitud}, ${table.longitud}), ${table.coberturaKm} * 1000)`,
      )
      .where(sql`${table.habilitada}`),
  ],
);

/** A store's own product categories. */
export const categoriasLocales = pgTable(
  'categorias_locales',
  {
    id: idColumn().primaryKey(),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
  },
  (table) => [
    uniqueIndex('categorias_locales_nombre_idx').on(table.tiendaId, sql`lower(${table.nombre})`),
  ],
);
