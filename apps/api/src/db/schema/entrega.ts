import { RESULTADOS_DE_REINTENTO } from '@compra-grupal/contracts';
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

/** Why money goes back (docs/decisions/028; the contract's `reembolsoParaAdminSchema`). */
export const MOTIVOS_REEMBOLSO = [
  /** A group was cancelled (the product team, or its deadline): that participation's share. */
  'grupo_cancelado',
  /** A second payment of a part already paid. */
  'pago_duplicado',
  /** An approval whose released units were sold meanwhile. */
  'sin_stock',
  /** A provider payment that does not match its part (amount, currency, collector, reference). */
  'pago_no_coincide',
  /** An order that expired with some sellers unpaid: the paid parts go back whole. */
  'pedido_vencido',
  /**
   * The group the order's places would join opened at another price than the order was
   * charged (its seller changed the price between checkout and payment; docs/decisions/054).
   */
  'precio_cambiado',
  /**
   * 'Entrega en grupo': the part paid the most its shipping share could be; its route was
   * planned and the difference to its final share goes back (docs/decisions/057).
   */
  'envio_en_grupo',
] as const;
export type MotivoReembolso = (typeof MOTIVOS_REEMBOLSO)[number];

/**
 * The one refund ledger: every peso that goes back, one row per refund (a participation of a
 * cancelled group, or a whole provider payment), recorded in the transaction that decides it,
 * then made through the payments port with `clave` as the idempotency key and retried with
 * backoff (`proximo_intento_en`) until the provider confirms.
 */
export const reembolsos = pgTable(
  'reembolsos',
  {
    id: idColumn().primaryKey(),
    motivo: text('motivo', { enum: MOTIVOS_REEMBOLSO }).notNull(),
    grupoId: idColumn('grupo_id').references(() => gruposDeCompra.id),
    participanteId: idColumn('participante_id').references(() => participantesGrupo.id),
    pedidoId: idColumn('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    /** The provider payment refunded (in part for a group's share, whole otherwise). */
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
    proximoIntentoEn: timestamp('proximo_intento_en', { withTimezone: true })
      .notNull()
      .defaultNow(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    reembolsadoEn: timestamp('reembolsado_en', { withTimezone: true }),
    /**
     * A worker claimed the refund until then (it is calling the provider): no other worker
     * takes it meanwhile; a worker that died leaves it to the next after this time.
     */
    reclamadoHasta: timestamp('reclamado_hasta', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reembolsos_participante_idx').on(table.participanteId),
    uniqueIndex('reembolsos_clave_idx').on(table.clave),
    index('reembolsos_pedido_idx').on(table.pedidoId),
    // A store's confirmed refunds (its statistics; docs/decisions/058).
    index('reembolsos_tienda_idx')
      .on(table.tiendaId, table.pedidoId)
      .where(sql`${table.estado} = 'reembolsado'`),
    // The refunds confirmed in a period (the team's totals; docs/decisions/058).
    index('reembolsos_reembolsado_idx')
      .on(table.reembolsadoEn)
      .where(sql`${table.estado} = 'reembolsado'`),
    index('reembolsos_pendientes_idx')
      .on(table.proximoIntentoEn)
      .where(sql`${table.estado} = 'pendiente'`),
    check('reembolsos_estado_check', sql`${table.estado} in ('pendiente', 'reembolsado')`),
    check('reembolsos_monto_check', sql`${table.montoCentavos} >= 0`),
    check(
      'reembolsos_motivo_check',
      sql`${table.motivo} in ('grupo_cancelado', 'pago_duplicado', 'sin_stock', 'pago_no_coincide', 'pedido_vencido', 'precio_cambiado', 'envio_en_grupo')`,
    ),
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

export type ReembolsoRow = typeof reembolsos.$inferSelect;

/**
 * Every retry of a refund the product team asked for ('Dinero en curso'): who, when and what
 * it did. The refund itself goes through the ledger like any other try.
 */
export const reintentosDeReembolso = pgTable(
  'reintentos_de_reembolso',
  {
    id: idColumn().primaryKey(),
    reembolsoId: idColumn('reembolso_id')
      .notNull()
      .references(() => reembolsos.id),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    resultado: text('resultado', { enum: RESULTADOS_DE_REINTENTO }).notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reintentos_de_reembolso_reembolso_idx').on(table.reembolsoId, table.creadoEn),
    check(
      'reintentos_de_reembolso_resultado_check',
      sql`${table.resultado} in ('reembolsado', 'fallido', 'ya_reembolsado', 'en_curso')`,
    ),
  ],
);

export type ReintentoDeReembolsoRow = typeof reintentosDeReembolso.$inferSelect;

/**
 * A route planned for 'Entrega en grupo' (docs/decisions/057): the parts of a store that became
 * ready together, the distance the planner gave and the price their members share.
 */
export const rutasDeEnvio = pgTable(
  'rutas_de_envio',
  {
    id: idColumn().primaryKey(),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    paradas: integer('paradas').notNull(),
    distanciaMetros: integer('distancia_metros').notNull(),
    precioCentavos: bigint('precio_centavos', { mode: 'number' }).notNull(),
    planificadaEn: timestamp('planificada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rutas_de_envio_tienda_idx').on(table.tiendaId, table.planificadaEn),
    check(
      'rutas_de_envio_check',
      sql`${table.paradas} > 0 and ${table.distanciaMetros} >= 0 and ${table.precioCentavos} >= 0`,
    ),
  ],
);

export type RutaDeEnvioRow = typeof rutasDeEnvio.$inferSelect;
