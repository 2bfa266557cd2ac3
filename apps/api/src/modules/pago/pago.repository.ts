import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  preferenciasDePago,
  productos,
  tiendas,
} from '../../db/schema';

/** Queries of payments and their notifications (docs/decisions/025). */
export function createPagoRepository(db: Database) {
  return {
    async findPagoDeVendedor(pedidoId: string, tiendaId: string) {
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

    findLineasDeVendedor: (pedidoId: string, tiendaId: string) =>
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
    async findMpUsuarioDeTienda(tiendaId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ mpUsuarioId: tiendas.mpUsuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, tiendaId));
      return row?.mpUsuarioId;
    },

    async findPreferenciaVigente(pagoPorVendedorId: string, ahora: Date) {
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

    async insertPreferencia(values: typeof preferenciasDePago.$inferInsert) {
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

    async findPedido(pedidoId: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, pedidoId));
      return row;
    },
  };
}

export type PagoRepository = ReturnType<typeof createPagoRepository>;
