import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  direcciones,
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  tiendas,
} from '../../db/schema';

/** Queries of orders (docs/decisions/024); the rules live in pedido.service.ts. */
export function createPedidoRepository(db: Database) {
  return {
    async findDireccion(id: string) {
      const [row] = await db.select().from(direcciones).where(eq(direcciones.id, id));
      return row;
    },

    /** The products of a cart with what checkout needs of their store. */
    productosParaPedido: (ids: string[]) =>
      db
        .select({
          id: productos.id,
          nombre: productos.nombre,
          precioCentavos: productos.precioCentavos,
          stock: productos.stock,
          disponible: productos.disponible,
          retiradoEn: productos.retiradoEn,
          tiendaId: productos.tiendaId,
          tiendaNombre: tiendas.nombre,
          tiendaHabilitada: tiendas.habilitada,
          mpVinculado: tiendas.mpVinculado,
        })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(inArray(productos.id, ids)),

    /** The product of each of these groups. */
    productoDeGrupos: (ids: string[]) =>
      db
        .select({ id: gruposDeCompra.id, productoId: gruposDeCompra.productoId })
        .from(gruposDeCompra)
        .where(inArray(gruposDeCompra.id, ids)),

    /** Inserts the order unless its code is taken (then answers undefined: draw another). */
    async insertPedido(values: typeof pedidos.$inferInsert) {
      const [row] = await db
        .insert(pedidos)
        .values(values)
        .onConflictDoNothing({ target: pedidos.codigo })
        .returning({ id: pedidos.id });
      return row;
    },

    async insertLineas(values: (typeof pedidoLineas.$inferInsert)[]) {
      await db.insert(pedidoLineas).values(values);
    },

    async insertPagos(values: (typeof pagosPorVendedor.$inferInsert)[]) {
      await db.insert(pagosPorVendedor).values(values);
    },

    /**
     * Takes `cantidad` units of a product on sale, only if that many are left: one
     * conditional statement, so two orders racing for the last units cannot both get them.
     * Answers the stock left, or undefined when the units are not there.
     */
    async reservarStock(productoId: string, cantidad: number): Promise<number | undefined> {
      const [row] = await db
        .update(productos)
        .set({ stock: sql`${productos.stock} - ${cantidad}` })
        .where(
          and(
            eq(productos.id, productoId),
            gte(productos.stock, cantidad),
            eq(productos.disponible, true),
            isNull(productos.retiradoEn),
          ),
        )
        .returning({ stock: productos.stock });
      return row?.stock;
    },

    /** Gives units back to a product's stock; answers the stock now. */
    async devolverStock(productoId: string, cantidad: number): Promise<number | undefined> {
      const [row] = await db
        .update(productos)
        .set({ stock: sql`${productos.stock} + ${cantidad}` })
        .where(eq(productos.id, productoId))
        .returning({ stock: productos.stock });
      return row?.stock;
    },

    async findPedido(id: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, id));
      return row;
    },

    /** The user's orders, newest first (at most `limite`). */
    pedidosDeUsuario: (usuarioId: string, limite: number) =>
      db
        .select()
        .from(pedidos)
        .where(eq(pedidos.usuarioId, usuarioId))
        .orderBy(desc(pedidos.creadoEn), desc(pedidos.id))
        .limit(limite),

    /** The lines of these orders with their product's name and picture. */
    lineasDePedidos: (pedidoIds: string[]) =>
      db
        .select({
          pedidoId: pedidoLineas.pedidoId,
          productoId: pedidoLineas.productoId,
          tiendaId: pedidoLineas.tiendaId,
          cantidad: pedidoLineas.cantidad,
          precioCentavos: pedidoLineas.precioCentavos,
          nombre: productos.nombre,
          imagen: sql<string | null>`coalesce(${productos.imagenMiniatura}, ${productos.imagen})`,
        })
        .from(pedidoLineas)
        .innerJoin(productos, eq(productos.id, pedidoLineas.productoId))
        .where(inArray(pedidoLineas.pedidoId, pedidoIds))
        .orderBy(asc(pedidoLineas.pedidoId), asc(pedidoLineas.id)),

    /** The payments of these orders with their store's name and logo. */
    pagosDePedidos: (pedidoIds: string[]) =>
      db
        .select({
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          tiendaNombre: tiendas.nombre,
          tiendaLogo: tiendas.logo,
          estado: pagosPorVendedor.estado,
          montoCentavos: pagosPorVendedor.montoCentavos,
          envioCentavos: pagosPorVendedor.envioCentavos,
        })
        .from(pagosPorVendedor)
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(inArray(pagosPorVendedor.pedidoId, pedidoIds))
        .orderBy(asc(pagosPorVendedor.pedidoId), asc(pagosPorVendedor.id)),

    /**
     * Locks up to `limite` orders whose reservation ran out and that the sweep has not
     * processed yet; rows another process holds are skipped (it is releasing them).
     */
    async lockReservasVencidas(ahora: Date, limite: number): Promise<string[]> {
      const rows = await db
        .select({ id: pedidos.id })
        .from(pedidos)
        .where(and(isNull(pedidos.reservaLiberadaEn), lte(pedidos.reservaExpiraEn, ahora)))
        .orderBy(asc(pedidos.reservaExpiraEn), asc(pedidos.id))
        .limit(limite)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    /** Marks what these orders still hold as released; answers those lines. */
    liberarLineas: (pedidoIds: string[]) =>
      db
        .update(pedidoLineas)
        .set({ reserva: 'liberado' })
        .where(
          and(inArray(pedidoLineas.pedidoId, pedidoIds), eq(pedidoLineas.reserva, 'reservado')),
        )
        .returning({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad }),

    /** Pending payments of expired orders are refused: their stock went back on sale. */
    async rechazarPagosPendientes(pedidoIds: string[], ahora: Date): Promise<void> {
      await db
        .update(pagosPorVendedor)
        .set({ estado: 'rechazado', actualizadoEn: ahora })
        .where(
          and(
            inArray(pagosPorVendedor.pedidoId, pedidoIds),
            eq(pagosPorVendedor.estado, 'pendiente'),
          ),
        );
    },

    async marcarReservaLiberada(pedidoIds: string[], ahora: Date): Promise<void> {
      await db
        .update(pedidos)
        .set({ reservaLiberadaEn: ahora })
        .where(inArray(pedidos.id, pedidoIds));
    },
  };
}

export type PedidoRepository = ReturnType<typeof createPedidoRepository>;
