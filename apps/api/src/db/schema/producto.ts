import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { tiendas } from './tienda';
import { usuarios } from './usuario';

/** A product, sold in purchase groups of `cantidadTotalGrupo` places. Prices in centavos. */
export const productos = pgTable(
  'productos',
  {
    id: idColumn().primaryKey(),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id, { onDelete: 'cascade' }),
    vendedorId: idColumn('vendedor_id')
      .notNull()
      .references(() => usuarios.id),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    /**
     * What a place costs now: the price its open group fixed (docs/decisions/054). Every page
     * that sells the product and checkout read it.
     */
    precioCentavos: bigint('precio_centavos', { mode: 'number' }).notNull(),
    /**
     * A price its seller set while people were in its open group: it becomes `precio_centavos`
     * when the next group opens (the places ledger applies it), null when none is waiting.
     */
    precioSiguienteCentavos: bigint('precio_siguiente_centavos', { mode: 'number' }),
    categoria: text('categoria'),
    categoriaLocalIds: idColumn('categoria_local_ids')
      .array()
      .notNull()
      .default(sql`'{}'::char(24)[]`),
    imagen: text('imagen'),
    imagenMiniatura: text('imagen_miniatura'),
    /**
     * The picture 640 px wide, same aspect (migration 0023): what a phone loads through the
     * product page's srcset. Null for pictures stored before it, or no wider than 640 px.
     */
    imagen640: text('imagen_640'),
    /** The stored picture's size in pixels (migration 0023); null for older pictures. */
    imagenAncho: integer('imagen_ancho'),
    imagenAlto: integer('imagen_alto'),
    stock: integer('stock').notNull().default(0),
    cantidadTotalGrupo: integer('cantidad_total_grupo').notNull(),
    disponible: boolean('disponible').notNull().default(true),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    /** When its seller withdrew it from sale (migration 0012): never listed, shown or sold again. */
    retiradoEn: timestamp('retirado_en', { withTimezone: true }),
    /** Optional: days each of its groups stays open; one still open then is cancelled. */
    plazoGrupoDias: integer('plazo_grupo_dias'),
    /**
     * The package one unit ships in, as its seller declared it (migration 0027, decision 051):
     * grams and millimetres, so the wizard's 0.1 kg and 0.1 cm steps stay exact.
     */
    paquetePesoGramos: integer('paquete_peso_gramos').notNull(),
    paqueteLargoMm: integer('paquete_largo_mm').notNull(),
    paqueteAnchoMm: integer('paquete_ancho_mm').notNull(),
    paqueteAltoMm: integer('paquete_alto_mm').notNull(),
  },
  (table) => [
    check(
      'productos_plazo_grupo_check',
      sql`${table.plazoGrupoDias} is null or ${table.plazoGrupoDias} between 1 and 90`,
    ),
    index('productos_tienda_idx').on(table.tiendaId, table.fechaCreacion),
    index('productos_vendedor_idx').on(table.vendedorId),
    // A withdrawn product is never available: readers that list available products only
    // leave withdrawn ones out without knowing about them (migration 0012).
    check(
      'productos_retirado_no_disponible_check',
      sql`${table.retiradoEn} is null or not ${table.disponible}`,
    ),
    check(
      'productos_paquete_check',
      sql`${table.paquetePesoGramos} between 100 and 1000000 and ${table.paqueteLargoMm} between 10 and 3000 and ${table.paqueteAnchoMm} between 10 and 3000 and ${table.paqueteAltoMm} between 10 and 3000`,
    ),
    // Stock never goes negative: orders reserve with a conditional update (migration 0014).
    check('productos_stock_no_negativo_check', sql`${table.stock} >= 0`),
    check('productos_precio_siguiente_check', sql`${table.precioSiguienteCentavos} >= 0`),
  ],
);
