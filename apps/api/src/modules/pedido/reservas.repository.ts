import { and, asc, eq, gte, inArray, isNull, lte, not, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pagosPorVendedor, pedidoLineas, pedidos, productos, usuarios } from '../../db/schema';
import { pagoEnAcreditacion } from './ciclo-de-vida.repository';

/**
 * Queries of reservations: units taken from and given back to stock, the locks a release
 * takes, and the orders whose hold ran out (the rules live in reservas.ts).
 */
export function createReservasRepository(db: Database) {
  return {
    /**
     * Takes `cantidad` units of a product on sale, only if that many are left: one
     * conditional statement, so two orders racing for the last units cannot both get them.
     * Answers the stock left, or undefined when the units are not there.
     */
    async decrementStock(productoId: string, cantidad: number): Promise<number | undefined> {
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
    async incrementStock(productoId: string, cantidad: number): Promise<number | undefined> {
      const [row] = await db
        .update(productos)
        .set({ stock: sql`${productos.stock} + ${cantidad}` })
        .where(eq(productos.id, productoId))
        .returning({ stock: productos.stock });
      return row?.stock;
    },

    /**
     * Locks up to `limite` orders whose reservation ran out and that the sweep has not
     * processed yet (the oldest first), in id order (docs/decisions/046). A row another
     * transaction holds (the shopper's next checkout, a payment) is waited for, never skipped:
     * skipped, its paid parts would wait a whole minute for their refund. The job runner runs
     * one sweep at a time across processes; the conditions are read again on each row once
     * its lock is granted, so a row released meanwhile is left out.
     */
    async lockReservasVencidas(ahora: Date, limite: number): Promise<string[]> {
      const vencida = and(isNull(pedidos.reservaLiberadaEn), lte(pedidos.reservaExpiraEn, ahora));
      const rows = await db
        .select({ id: pedidos.id })
        .from(pedidos)
        .where(
          and(
            vencida,
            inArray(
              pedidos.id,
              db
                .select({ id: pedidos.id })
                .from(pedidos)
                .where(vencida)
                .orderBy(asc(pedidos.reservaExpiraEn), asc(pedidos.id))
                .limit(limite),
            ),
          ),
        )
        .orderBy(asc(pedidos.id))
        .for('no key update');
      return rows.map((r) => r.id);
    },

    /** Marks what these orders still hold as released; answers those lines. */
    releaseLineas: (pedidoIds: string[]) =>
      db
        .update(pedidoLineas)
        .set({ reserva: 'liberado' })
        .where(
          and(inArray(pedidoLineas.pedidoId, pedidoIds), eq(pedidoLineas.reserva, 'reservado')),
        )
        .returning({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad }),

    /** Pending payments of released orders are refused: their stock went back on sale. */
    async markPagosPendientesRechazados(pedidoIds: string[], ahora: Date): Promise<void> {
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

    /**
     * Marks these orders released; a reservation that still ran ends now, so the order can no
     * longer be paid through a new link (pago/linkPago answers RESERVA_VENCIDA).
     */
    async markReservaLiberada(pedidoIds: string[], ahora: Date): Promise<void> {
      await db
        .update(pedidos)
        .set({
          reservaLiberadaEn: ahora,
          reservaExpiraEn: sql`least(${pedidos.reservaExpiraEn}, ${ahora.toISOString()}::timestamptz)`,
        })
        .where(inArray(pedidos.id, pedidoIds));
    },

    /**
     * Locks the shopper's user row (docs/decisions/029 and 046): one shopper's order creations and
     * cancellations run one at a time, so two at once cannot both slip past a cap. Answers
     * whether the user exists.
     */
    async lockComprador(usuarioId: string): Promise<boolean> {
      const rows = await db
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(eq(usuarios.id, usuarioId))
        // NO KEY: the rows that reference the user (a notice an approval writes) still insert.
        .for('no key update');
      return rows.length > 0;
    },

    /**
     * Locks the shopper's orders whose reservation was not released yet and that are not
     * fully paid, in id order (payment notifications lock the same rows). Answers their ids.
     */
    async lockPedidosConReserva(usuarioId: string): Promise<string[]> {
      const rows = await db
        .select({ id: pedidos.id })
        .from(pedidos)
        .where(
          and(
            eq(pedidos.usuarioId, usuarioId),
            isNull(pedidos.reservaLiberadaEn),
            not(pedidos.todosLosPagosAprobados),
          ),
        )
        .orderBy(asc(pedidos.id))
        .for('no key update');
      return rows.map((r) => r.id);
    },

    /** Locks one order (payment notifications lock the same row); answers it. */
    async lockPedido(id: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, id)).for('no key update');
      return row;
    },

    /**
     * What the caps and the cancel rule need of these orders: when their reservation ends or
     * ended, whether some part is paid (`pagado`), whether the provider holds a payment still
     * pending (`enAcreditacion`), and whether some part can still be paid (`porPagar`).
     */
    findSituacionDePedidos: (pedidoIds: string[]) =>
      db
        .select({
          id: pedidos.id,
          reservaExpiraEn: pedidos.reservaExpiraEn,
          reservaLiberadaEn: pedidos.reservaLiberadaEn,
          // Written out with aliases: drizzle leaves a one-table select's columns unqualified.
          pagado: sql<boolean>`pedidos.aprobado or exists (select 1 from pagos_por_vendedor v where v.pedido_id = pedidos.id and v.estado = 'aprobado')`,
          enAcreditacion: pagoEnAcreditacion({ pedidoId: sql.raw('pedidos.id') }),
          porPagar: sql<boolean>`exists (select 1 from pagos_por_vendedor v where v.pedido_id = pedidos.id and v.estado in ('pendiente', 'rechazado'))`,
        })
        .from(pedidos)
        .where(inArray(pedidos.id, pedidoIds)),

    /** The units these orders still hold against stock, line by line. */
    findLineasReservadas: (pedidoIds: string[]) =>
      db
        .select({
          pedidoId: pedidoLineas.pedidoId,
          productoId: pedidoLineas.productoId,
          cantidad: pedidoLineas.cantidad,
        })
        .from(pedidoLineas)
        .where(
          and(inArray(pedidoLineas.pedidoId, pedidoIds), eq(pedidoLineas.reserva, 'reservado')),
        ),

    /**
     * The stock of these products: the units nobody paid for. Read without a lock: a checkout
     * takes no units (a payment does, docs/decisions/050).
     */
    async findStock(ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: productos.id, stock: productos.stock })
        .from(productos)
        .where(inArray(productos.id, ids));
      return new Map(rows.map((r) => [r.id, r.stock]));
    },
  };
}
