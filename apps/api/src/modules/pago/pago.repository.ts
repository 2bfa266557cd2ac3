import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { EstadoPagoLeido } from '../../adapters/payments/payments.port';
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
     * Applies a provider payment to the seller's part of the order, exactly once (the SQL
     * function `aplicar_pago`, migration 0016, says how): 'aplicado', 'ignorado', or
     * 'reembolsar' when the payment must be refunded.
     */
    async aplicarPago(pago: {
      pedidoId: string;
      tiendaId: string;
      proveedorPagoId: string;
      estado: EstadoPagoLeido;
      montoCentavos: number;
      ahora: Date;
    }): Promise<'aplicado' | 'ignorado' | 'reembolsar'> {
      const { rows } = (await db.execute(sql`
        select aplicar_pago(${pago.pedidoId}, ${pago.tiendaId}, ${pago.proveedorPagoId},
          ${pago.estado}, ${pago.montoCentavos}, ${pago.ahora.toISOString()}::timestamptz) as r`)) as unknown as {
        rows: { r: 'aplicado' | 'ignorado' | 'reembolsar' }[];
      };
      const resultado = rows[0]?.r;
      if (!resultado) throw new Error('aplicar_pago no respondió');
      return resultado;
    },

    async findPedido(pedidoId: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
      return row;
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
  };
}

export type PagoRepository = ReturnType<typeof createPagoRepository>;
