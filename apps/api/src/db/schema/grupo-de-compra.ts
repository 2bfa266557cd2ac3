import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { productos } from './producto';
import { usuarios } from './usuario';

/**
 * Purchase groups (DESIGN.md section 3, Purchase groups). Places are written only by the
 * places ledger (modules/grupo-de-compra/grupo-de-compra.ledger.ts, docs/decisions/020);
 * the CHECKs and the partial unique index hold its invariants even against a bug in it.
 */
export const gruposDeCompra = pgTable(
  'grupos_de_compra',
  {
    id: idColumn().primaryKey(),
    productoId: idColumn('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    estado: text('estado', { enum: ['abierto', 'cerrado', 'completado', 'cancelado'] })
      .notNull()
      .default('abierto'),
    /** Copied from the product's `cantidadTotalGrupo` when the group opens. */
    lugaresNecesarios: integer('lugares_necesarios').notNull(),
    lugaresOcupados: integer('lugares_ocupados').notNull().default(0),
    /**
     * The unit price every member pays, fixed when the group opens (docs/decisions/054): the
     * product's price then, or the price of the take whose overflow opened it.
     */
    precioCentavos: bigint('precio_centavos', { mode: 'number' }).notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    /** When it left `abierto` (filled, closed by its seller, cancelled). */
    cerradoEn: timestamp('cerrado_en', { withTimezone: true }),
    /**
     * Optional deadline: the opening time plus the product's `plazo_grupo_dias` (set by a
     * trigger on insert, migration 0017). A group still open then is cancelled and refunded.
     */
    fechaLimite: timestamp('fecha_limite', { withTimezone: true }),
    /** When it was cancelled (the product team or its deadline); the refunds follow. */
    canceladoEn: timestamp('cancelado_en', { withTimezone: true }),
    /** When every order in it was delivered. */
    completadoEn: timestamp('completado_en', { withTimezone: true }),
  },
  (table) => [
    check(
      'grupos_de_compra_estado_check',
      sql`${table.estado} in ('abierto', 'cerrado', 'completado', 'cancelado')`,
    ),
    check('grupos_de_compra_necesarios_check', sql`${table.lugaresNecesarios} > 0`),
    check('grupos_de_compra_precio_check', sql`${table.precioCentavos} >= 0`),
    check(
      'grupos_de_compra_ocupados_check',
      sql`${table.lugaresOcupados} >= 0 and ${table.lugaresOcupados} <= ${table.lugaresNecesarios}`,
    ),
    // Exactly one open group per product: the ledger opens the next one only after the
    // previous one left `abierto`, and this index refuses a second one whatever happens.
    uniqueIndex('grupos_de_compra_un_abierto_por_producto')
      .on(table.productoId)
      .where(sql`${table.estado} = 'abierto'`),
    index('grupos_de_compra_producto_idx').on(table.productoId, table.fechaCreacion),
  ],
);

/**
 * Who took places in a group: one row per take (a shopper may take places in the same group
 * with several orders). The sum of `cantidad` of a group equals its `lugares_ocupados`.
 * `pedido_id` names the order that paid for them (no foreign key until orders exist; null for
 * demo data).
 */
export const participantesGrupo = pgTable(
  'participantes_grupo',
  {
    id: idColumn().primaryKey(),
    grupoId: idColumn('grupo_id')
      .notNull()
      .references(() => gruposDeCompra.id, { onDelete: 'cascade' }),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    pedidoId: idColumn('pedido_id'),
    cantidad: integer('cantidad').notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('participantes_grupo_cantidad_check', sql`${table.cantidad} > 0`),
    index('participantes_grupo_grupo_idx').on(table.grupoId),
    index('participantes_grupo_usuario_idx').on(table.usuarioId, table.grupoId),
    // An order's groups (Mis Pedidos, deliveries, refunds) are read by its id.
    index('participantes_grupo_pedido_idx').on(table.pedidoId),
  ],
);

export type GrupoDeCompraRow = typeof gruposDeCompra.$inferSelect;
export type ParticipanteGrupoRow = typeof participantesGrupo.$inferSelect;
