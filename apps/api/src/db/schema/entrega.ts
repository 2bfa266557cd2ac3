import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { gruposDeCompra, participantesGrupo } from './grupo-de-compra';
import { pedidos } from './pedido';
import { tiendas } from './tienda';
import { usuarios } from './usuario';

/**
 * The refund of one participant's share of a cancelled group (issue 14): recorded in the
 * cancelling transaction (one per participant, never twice), then made through the payments
 * port with `clave` as the idempotency key, retried by the jobs until the provider confirms.
 */
export const reembolsosDeGrupo = pgTable(
  'reembolsos_de_grupo',
  {
    id: idColumn().primaryKey(),
    grupoId: idColumn('grupo_id')
      .notNull()
      .references(() => gruposDeCompra.id),
    participanteId: idColumn('participante_id')
      .notNull()
      .references(() => participantesGrupo.id),
    pedidoId: idColumn('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    /** The provider payment of that seller's part, refunded in part by this amount. */
    proveedorPagoId: text('proveedor_pago_id'),
    montoCentavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'reembolsado'] })
      .notNull()
      .default('pendiente'),
    /** The idempotency key sent to the provider: the same on every retry. */
    clave: text('clave').notNull(),
    reembolsoId: text('reembolso_id'),
    intentos: integer('intentos').notNull().default(0),
    ultimoError: text('ultimo_error'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    reembolsadoEn: timestamp('reembolsado_en', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reembolsos_de_grupo_participante_idx').on(table.participanteId),
    index('reembolsos_de_grupo_pedido_idx').on(table.pedidoId),
    index('reembolsos_de_grupo_pendientes_idx')
      .on(table.creadoEn)
      .where(sql`${table.estado} = 'pendiente'`),
    check('reembolsos_de_grupo_estado_check', sql`${table.estado} in ('pendiente', 'reembolsado')`),
    check('reembolsos_de_grupo_monto_check', sql`${table.montoCentavos} >= 0`),
  ],
);

/**
 * Wrong delivery codes (POST pedido/compararCodigo), counted per order and per caller in a
 * window, in the database so that every API process counts the same tries.
 */
export const intentosCodigoEntrega = pgTable(
  'intentos_codigo_entrega',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pedidoId: idColumn('pedido_id').notNull(),
    usuarioId: idColumn('usuario_id').notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('intentos_codigo_entrega_pedido_idx').on(table.pedidoId, table.creadoEn),
    index('intentos_codigo_entrega_usuario_idx').on(table.usuarioId, table.creadoEn),
  ],
);

export type ReembolsoDeGrupoRow = typeof reembolsosDeGrupo.$inferSelect;
