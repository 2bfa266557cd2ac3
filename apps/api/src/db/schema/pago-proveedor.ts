import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { pagosPorVendedor, pedidos } from './pedido';
import { tiendas } from './tienda';

/** Where one provider payment stands in this app (docs/decisions/025). */
export const ESTADOS_PAGO_PROVEEDOR = [
  'pendiente',
  'aprobado',
  'rechazado',
  'a_reembolsar',
  'reembolsado',
] as const;
export type EstadoPagoProveedor = (typeof ESTADOS_PAGO_PROVEEDOR)[number];

/**
 * Every provider payment the app has applied, keyed by the provider's payment id: the
 * notification dedupe (a payment in a final state is never applied again) and the record of
 * automatic refunds (an approval that could not become a sale: `a_reembolsar`, then
 * `reembolsado` with the provider's refund id).
 */
export const pagosProveedor = pgTable(
  'pagos_proveedor',
  {
    proveedorPagoId: text('proveedor_pago_id').primaryKey(),
    pedidoId: idColumn('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .references(() => tiendas.id),
    estado: text('estado', { enum: ESTADOS_PAGO_PROVEEDOR }).notNull(),
    montoCentavos: bigint('monto_centavos', { mode: 'number' }).notNull(),
    reembolsoId: text('reembolso_id'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pagos_proveedor_pedido_idx').on(table.pedidoId, table.tiendaId),
    check(
      'pagos_proveedor_estado_check',
      sql`${table.estado} in ('pendiente', 'aprobado', 'rechazado', 'a_reembolsar', 'reembolsado')`,
    ),
  ],
);

/**
 * The provider preference of one seller's payment (GET pedido/linkPago): created outside any
 * transaction, stored afterwards, reused until it lapses with the order's reservation.
 */
export const preferenciasDePago = pgTable('preferencias_de_pago', {
  pagoPorVendedorId: idColumn('pago_por_vendedor_id')
    .primaryKey()
    .references(() => pagosPorVendedor.id, { onDelete: 'cascade' }),
  preferenciaId: text('preferencia_id').notNull(),
  initPoint: text('init_point').notNull(),
  expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox provider's preferences ('Modo de prueba'): what its checkout page shows. */
export const mpSandboxPreferencias = pgTable('mp_sandbox_preferencias', {
  id: text('id').primaryKey(),
  datos: jsonb('datos').notNull(),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox provider's payments and refunds ('Modo de prueba'). */
export const mpSandboxPagos = pgTable('mp_sandbox_pagos', {
  id: text('id').primaryKey(),
  preferenciaId: text('preferencia_id').notNull(),
  estado: text('estado').notNull(),
  datos: jsonb('datos').notNull(),
  reembolsoId: text('reembolso_id'),
  reembolsoClave: text('reembolso_clave'),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});

export type PagoProveedorRow = typeof pagosProveedor.$inferSelect;
