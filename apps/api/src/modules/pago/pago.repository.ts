import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type EstadoPagoProveedor,
  pagosPorVendedor,
  pagosProveedor,
  pedidoLineas,
  pedidos,
  preferenciasDePago,
  productos,
  tiendas,
} from '../../db/schema';

/** Queries of payments and their notifications (docs/decisions/025). */
export function createPagoRepository(db: Database) {
  return {
    async pagoDeVendedor(pedidoId: string, tiendaId: string) {
      const [row] = await db
        .select({
          pago: pagosPorVendedor,
          tiendaNombre: tiendas.nombre,
          vendedorId: tiendas.usuarioId,
        })
        .from(pagosPorVendedor)
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(
          and(eq(pagosPorVendedor.pedidoId, pedidoId), eq(pagosPorVendedor.tiendaId, tiendaId)),
        );
      return row;
    },

    lineasDeVendedor: (pedidoId: string, tiendaId: string) =>
      db
        .select({
          productoId: pedidoLineas.productoId,
          nombre: productos.nombre,
          cantidad: pedidoLineas.cantidad,
          precioCentavos: pedidoLineas.precioCentavos,
        })
        .from(pedidoLineas)
        .innerJoin(productos, eq(productos.id, pedidoLineas.productoId))
        .where(and(eq(pedidoLineas.pedidoId, pedidoId), eq(pedidoLineas.tiendaId, tiendaId)))
        .orderBy(asc(pedidoLineas.productoId)),

    /** The Mercado Pago account (provider user id) the store is linked to. */
    async mpUsuarioDeTienda(tiendaId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ mpUsuarioId: tiendas.mpUsuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, tiendaId));
      return row?.mpUsuarioId;
    },

    async preferenciaVigente(pagoPorVendedorId: string, ahora: Date) {
      const [row] = await db
        .select()
        .from(preferenciasDePago)
        .where(
          and(
            eq(preferenciasDePago.pagoPorVendedorId, pagoPorVendedorId),
            gt(preferenciasDePago.expiraEn, ahora),
          ),
        );
      return row;
    },

    async guardarPreferencia(values: typeof preferenciasDePago.$inferInsert) {
      await db
        .insert(preferenciasDePago)
        .values(values)
        .onConflictDoUpdate({
          target: preferenciasDePago.pagoPorVendedorId,
          set: {
            preferenciaId: values.preferenciaId,
            initPoint: values.initPoint,
            expiraEn: values.expiraEn,
          },
        });
      await db
        .update(pagosPorVendedor)
        .set({ proveedorPreferenciaId: values.preferenciaId })
        .where(eq(pagosPorVendedor.id, values.pagoPorVendedorId));
    },

    /**
     * What applying a notification needs, in two statements: the order locked first (every
     * notification of one order is applied one at a time), then, read after the lock was
     * granted (READ COMMITTED takes a new snapshot per statement, so what the previous holder
     * of the lock wrote is seen), its payments per seller, its lines and the provider payment's
     * record. Undefined when the order does not exist.
     */
    async paraAplicar(pedidoId: string, proveedorPagoId: string) {
      const [pedido] = await db
        .select()
        .from(pedidos)
        .where(eq(pedidos.id, pedidoId))
        .for('update');
      if (!pedido) return undefined;
      const filas = await db
        .select({ pago: pagosPorVendedor, linea: pedidoLineas, registro: pagosProveedor })
        .from(pagosPorVendedor)
        .leftJoin(
          pedidoLineas,
          and(
            eq(pedidoLineas.pedidoId, pagosPorVendedor.pedidoId),
            eq(pedidoLineas.tiendaId, pagosPorVendedor.tiendaId),
          ),
        )
        .leftJoin(pagosProveedor, eq(pagosProveedor.proveedorPagoId, proveedorPagoId))
        .where(eq(pagosPorVendedor.pedidoId, pedidoId));
      const pagos = [...new Map(filas.map((f) => [f.pago.id, f.pago])).values()];
      const lineas = filas
        .flatMap((f) => (f.linea ? [f.linea] : []))
        .sort((a, b) => a.productoId.localeCompare(b.productoId));
      return { pedido, pagos, lineas, registro: filas[0]?.registro ?? undefined };
    },

    async findPedido(pedidoId: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
      return row;
    },

    async marcarLineas(ids: string[], reserva: 'vendido' | 'liberado') {
      if (ids.length === 0) return;
      await db.update(pedidoLineas).set({ reserva }).where(inArray(pedidoLineas.id, ids));
    },

    async actualizarPago(
      id: string,
      values: Partial<Pick<typeof pagosPorVendedor.$inferInsert, 'estado' | 'proveedorPagoId'>>,
      ahora: Date,
    ) {
      await db
        .update(pagosPorVendedor)
        .set({ ...values, actualizadoEn: ahora })
        .where(eq(pagosPorVendedor.id, id));
    },

    /**
     * An approved seller's part, in one statement: its lines sold, its payment approved with
     * the provider's id, the provider payment recorded `aprobado`, and the order approved when
     * `apruebaPedido` (every other seller's part was approved before).
     */
    async venderParte(parte: {
      pedidoId: string;
      tiendaId: string;
      pagoPorVendedorId: string;
      proveedorPagoId: string;
      montoCentavos: number;
      apruebaPedido: boolean;
      ahora: Date;
    }) {
      const ahora = parte.ahora.toISOString();
      await db.execute(sql`
        WITH lineas AS (
          UPDATE pedido_lineas SET reserva = 'vendido'
          WHERE pedido_id = ${parte.pedidoId} AND tienda_id = ${parte.tiendaId}
            AND reserva <> 'vendido'
        ), pago AS (
          UPDATE pagos_por_vendedor
          SET estado = 'aprobado', proveedor_pago_id = ${parte.proveedorPagoId},
            actualizado_en = ${ahora}::timestamptz
          WHERE id = ${parte.pagoPorVendedorId}
        ), pedido AS (
          UPDATE pedidos SET aprobado = true, todos_los_pagos_aprobados = true
          WHERE id = ${parte.pedidoId} AND ${parte.apruebaPedido}
        )
        INSERT INTO pagos_proveedor
          (proveedor_pago_id, pedido_id, tienda_id, estado, monto_centavos, actualizado_en)
        VALUES (${parte.proveedorPagoId}, ${parte.pedidoId}, ${parte.tiendaId}, 'aprobado',
          ${parte.montoCentavos}, ${ahora}::timestamptz)
        ON CONFLICT (proveedor_pago_id)
          DO UPDATE SET estado = 'aprobado', actualizado_en = excluded.actualizado_en`);
    },

    async guardarPagoProveedor(
      values: typeof pagosProveedor.$inferInsert & { estado: EstadoPagoProveedor },
    ) {
      await db
        .insert(pagosProveedor)
        .values(values)
        .onConflictDoUpdate({
          target: pagosProveedor.proveedorPagoId,
          set: {
            estado: values.estado,
            actualizadoEn: values.actualizadoEn ?? new Date(),
            ...(values.reembolsoId ? { reembolsoId: values.reembolsoId } : {}),
          },
        });
    },

    /** Approvals recorded for refund whose refund did not follow (the process stopped). */
    reembolsosPendientes: (hasta: Date, limite: number) =>
      db
        .select()
        .from(pagosProveedor)
        .where(
          and(eq(pagosProveedor.estado, 'a_reembolsar'), lte(pagosProveedor.actualizadoEn, hasta)),
        )
        .orderBy(asc(pagosProveedor.actualizadoEn))
        .limit(limite),

    pagosProveedorDePedido: (pedidoId: string) =>
      db.select().from(pagosProveedor).where(eq(pagosProveedor.pedidoId, pedidoId)),
  };
}

export type PagoRepository = ReturnType<typeof createPagoRepository>;
