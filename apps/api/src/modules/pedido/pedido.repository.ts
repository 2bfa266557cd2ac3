import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
import { createReservasRepository } from './reservas.repository';

/** Queries of orders (docs/decisions/024); the rules live in the pedido services. */
export function createPedidoRepository(db: Database) {
  return {
    async findDireccion(id: string) {
      const [row] = await db.select().from(direcciones).where(eq(direcciones.id, id));
      return row;
    },

    /** The products of a cart with what checkout needs of their store. */
    findProductosParaPedido: (ids: string[]) =>
      db
        .select({
          id: productos.id,
          nombre: productos.nombre,
          precioCentavos: productos.precioCentavos,
          stock: productos.stock,
          disponible: productos.disponible,
          retiradoEn: productos.retiradoEn,
          tiendaId: productos.tiendaId,
          paquetePesoGramos: productos.paquetePesoGramos,
          paqueteLargoMm: productos.paqueteLargoMm,
          paqueteAnchoMm: productos.paqueteAnchoMm,
          paqueteAltoMm: productos.paqueteAltoMm,
          tiendaNombre: tiendas.nombre,
          tiendaHabilitada: tiendas.habilitada,
          tiendaUsuarioId: tiendas.usuarioId,
          mpVinculado: tiendas.mpVinculado,
        })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(inArray(productos.id, ids)),

    /** The product of each of these groups. */
    findProductoDeGrupos: (ids: string[]) =>
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

    async findPedido(id: string) {
      const [row] = await db.select().from(pedidos).where(eq(pedidos.id, id));
      return row;
    },

    /** The user's orders, newest first (at most `limite`). */
    findPedidosDeUsuario: (usuarioId: string, limite: number) =>
      db
        .select()
        .from(pedidos)
        .where(eq(pedidos.usuarioId, usuarioId))
        .orderBy(desc(pedidos.creadoEn), desc(pedidos.id))
        .limit(limite),

    /** The lines of these orders with their product's name and picture. */
    findLineasDePedidos: (pedidoIds: string[]) =>
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
    findPagosDePedidos: (pedidoIds: string[]) =>
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
    ...createReservasRepository(db),
  };
}

export type PedidoRepository = ReturnType<typeof createPedidoRepository>;
