import { ESTADOS_PAGO, METODOS_ENTREGA } from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
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
import { idColumn } from './columns';
import { gruposDeCompra } from './grupo-de-compra';
import { productos } from './producto';
import { tiendas } from './tienda';
import { usuarios } from './usuario';

/** The delivery code's alphabet: no look-alikes (0/O, 1/I/L). */
export const ALFABETO_CODIGO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LARGO_CODIGO = 6;

/** Where a line's units stand against stock (docs/decisions/024). */
export const ESTADOS_RESERVA = ['reservado', 'vendido', 'liberado'] as const;
export type EstadoReserva = (typeof ESTADOS_RESERVA)[number];

export interface PaqueteRow {
  peso: number;
  largo: number;
  ancho: number;
  alto: number;
}

/**
 * An order (DESIGN.md section 3, Orders and payments): the shopper's lines, snapshots of the
 * delivery address and phone, the package, one payment per seller, and a delivery code.
 * Its stock is reserved until `reserva_expira_en`; the expiry sweep sets
 * `reserva_liberada_en` once it has released what was still reserved.
 */
export const pedidos = pgTable(
  'pedidos',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    codigo: char('codigo', { length: LARGO_CODIGO }).notNull(),
    direccion: text('direccion').notNull(),
    departamento: text('departamento'),
    descripcion: text('descripcion'),
    ciudad: text('ciudad').notNull(),
    provincia: text('provincia').notNull(),
    codigoPostal: text('codigo_postal'),
    latitud: doublePrecision('latitud'),
    longitud: doublePrecision('longitud'),
    telefono: text('telefono').notNull(),
    paquete: jsonb('paquete').$type<PaqueteRow>().notNull(),
    aprobado: boolean('aprobado').notNull().default(false),
    todosLosPagosAprobados: boolean('todos_los_pagos_aprobados').notNull().default(false),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    reservaExpiraEn: timestamp('reserva_expira_en', { withTimezone: true }).notNull(),
    reservaLiberadaEn: timestamp('reserva_liberada_en', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pedidos_codigo_idx').on(table.codigo),
    index('pedidos_usuario_idx').on(table.usuarioId, table.creadoEn),
    // The expiry sweep reads only orders it has not processed yet.
    index('pedidos_reserva_pendiente_idx')
      .on(table.reservaExpiraEn)
      .where(sql`${table.reservaLiberadaEn} is null`),
    check('pedidos_codigo_check', sql`${table.codigo} ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$'`),
  ],
);

/** One product of an order: quantity, price and store as they were at checkout. */
export const pedidoLineas = pgTable(
  'pedido_lineas',
  {
    id: idColumn().primaryKey(),
    pedidoId: idColumn('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    productoId: idColumn('producto_id')
      .notNull()
      .references(() => productos.id),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    cantidad: integer('cantidad').notNull(),
    precioCentavos: bigint('precio_centavos', { mode: 'number' }).notNull(),
    /** The group chosen on its group page, if any (DESIGN.md: places go there if it has room). */
    grupoId: idColumn('grupo_id').references(() => gruposDeCompra.id, { onDelete: 'set null' }),
    reserva: text('reserva', { enum: ESTADOS_RESERVA }).notNull().default('reservado'),
    /**
     * When its seller's part was sold: the part's `aprobado_en`, written by the same statement
     * (docs/decisions/058), so a store's units per product in a period read the lines alone.
     */
    vendidoEn: timestamp('vendido_en', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pedido_lineas_pedido_producto_idx').on(table.pedidoId, table.productoId),
    // A store's units and sales per product in a period (its statistics; decision 058).
    index('pedido_lineas_ventas_idx')
      .on(table.tiendaId, table.vendidoEn)
      .where(sql`${table.vendidoEn} is not null`),
    index('pedido_lineas_producto_idx').on(table.productoId),
    check('pedido_lineas_cantidad_check', sql`${table.cantidad} > 0`),
    check('pedido_lineas_precio_check', sql`${table.precioCentavos} >= 0`),
    check(
      'pedido_lineas_reserva_check',
      sql`${table.reserva} in ('reservado', 'vendido', 'liberado')`,
    ),
  ],
);

/**
 * One seller's payment of an order (spec file 2, section 3): its products plus its shipping.
 * The provider's preference and payment ids arrive with the payments issue; a payment id is
 * applied once (unique).
 */
export const pagosPorVendedor = pgTable(
  'pagos_por_vendedor',
  {
    id: idColumn().primaryKey(),
    pedidoId: idColumn('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    estado: text('estado', { enum: ESTADOS_PAGO }).notNull().default('pendiente'),
    /** Products plus shipping, in centavos. */
    montoCentavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
    envioCentavos: bigint('envio_centavos', { mode: 'number' }).notNull(),
    envioCarrier: text('envio_carrier').notNull(),
    envioServicio: text('envio_servicio').notNull(),
    envioDiasMinimos: integer('envio_dias_minimos'),
    envioDiasMaximos: integer('envio_dias_maximos'),
    proveedorPreferenciaId: text('proveedor_preferencia_id'),
    proveedorPagoId: text('proveedor_pago_id'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
    /** This seller's part delivered (irreversible, audited): when, by whom and how. */
    entregadoEn: timestamp('entregado_en', { withTimezone: true }),
    entregadoPor: idColumn('entregado_por').references(() => usuarios.id),
    entregaMetodo: text('entrega_metodo', { enum: METODOS_ENTREGA }),
    /**
     * 'Entrega en grupo' (docs/decisions/057): the part's final shipping share, set once when
     * the route it rides was planned (the rest of `envio_centavos` was refunded then), and
     * that route.
     */
    envioFinalCentavos: bigint('envio_final_centavos', { mode: 'number' }),
    rutaDeEnvioId: idColumn('ruta_de_envio_id'),
    /**
     * When the part was sold (its payment approved and applied; docs/decisions/058), and the
     * fees the provider reported on that payment: Mercado Pago's and the marketplace's. Null
     * fees: the provider did not report them.
     */
    aprobadoEn: timestamp('aprobado_en', { withTimezone: true }),
    comisionMpCentavos: bigint('comision_mp_centavos', { mode: 'number' }),
    comisionMarketplaceCentavos: bigint('comision_marketplace_centavos', { mode: 'number' }),
  },
  (table) => [
    check(
      'pagos_por_vendedor_entrega_check',
      sql`(${table.entregadoEn} is null) = (${table.entregaMetodo} is null) and (${table.entregaMetodo} is null or ${table.entregaMetodo} in ('codigo', 'manual'))`,
    ),
    uniqueIndex('pagos_por_vendedor_pedido_tienda_idx').on(table.pedidoId, table.tiendaId),
    uniqueIndex('pagos_por_vendedor_proveedor_pago_idx').on(table.proveedorPagoId),
    index('pagos_por_vendedor_tienda_idx').on(table.tiendaId),
    // The parts still to deliver (the seller's and the courier's lists).
    index('pagos_por_vendedor_sin_entregar_idx')
      .on(table.tiendaId)
      .where(sql`${table.entregadoEn} is null and ${table.estado} = 'aprobado'`),
    check(
      'pagos_por_vendedor_estado_check',
      sql`${table.estado} in ('pendiente', 'aprobado', 'rechazado', 'reembolsado')`,
    ),
    check(
      'pagos_por_vendedor_montos_check',
      sql`${table.envioCentavos} >= 0 and ${table.montoCentavos} >= ${table.envioCentavos}`,
    ),
    // A store's sales by day (statistics, the accountant's export; docs/decisions/058).
    index('pagos_por_vendedor_ventas_idx')
      .on(table.tiendaId, table.aprobadoEn)
      .where(sql`${table.aprobadoEn} is not null`),
    index('pagos_por_vendedor_aprobado_idx')
      .on(table.aprobadoEn)
      .where(sql`${table.aprobadoEn} is not null`),
    check(
      'pagos_por_vendedor_comisiones_check',
      sql`coalesce(${table.comisionMpCentavos}, 0) >= 0 and coalesce(${table.comisionMarketplaceCentavos}, 0) >= 0`,
    ),
    check(
      'pagos_por_vendedor_envio_final_check',
      sql`(${table.envioFinalCentavos} is null) = (${table.rutaDeEnvioId} is null) and (${table.envioFinalCentavos} is null or ${table.envioFinalCentavos} between 0 and ${table.envioCentavos})`,
    ),
  ],
);

export type PedidoRow = typeof pedidos.$inferSelect;
export type PedidoLineaRow = typeof pedidoLineas.$inferSelect;
export type PagoPorVendedorRow = typeof pagosPorVendedor.$inferSelect;
