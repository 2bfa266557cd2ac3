import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  pagosPorVendedor,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
  usuarios,
} from '../../db/schema';
import type { PedidoParaMensajes, Ventana } from '../aviso/mensajes.ports';

/**
 * What the transactional messages read of orders, their parts and lines, and refunds
 * (aviso/mensajes.ports.ts), on the caller's transaction. A receipt's reads join the store's
 * and the shopper's names in the same statement: they run inside the payment approval
 * (docs/decisions/028, "Round trips of an approval").
 */
export function createPedidoParaMensajesRepository(db: Database): PedidoParaMensajes {
  return {
    async findPedido(pedidoId) {
      const [pedido] = await db
        .select({ usuarioId: pedidos.usuarioId, reservaExpiraEn: pedidos.reservaExpiraEn })
        .from(pedidos)
        .where(eq(pedidos.id, pedidoId));
      return pedido;
    },

    findPagos(pedidoId) {
      return db
        .select({
          tiendaId: pagosPorVendedor.tiendaId,
          tienda: tiendas.nombre,
          estado: pagosPorVendedor.estado,
          montoCentavos: pagosPorVendedor.montoCentavos,
        })
        .from(pagosPorVendedor)
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(eq(pagosPorVendedor.pedidoId, pedidoId))
        .orderBy(asc(pagosPorVendedor.creadoEn), asc(pagosPorVendedor.id));
    },

    async findRecibo(pedidoId, tiendaId) {
      const [fila] = await db
        .select({
          usuarioId: pedidos.usuarioId,
          montoCentavos: pagosPorVendedor.montoCentavos,
          envioCentavos: pagosPorVendedor.envioCentavos,
          tienda: tiendas.nombre,
          razonSocial: tiendas.razonSocial,
          nombre: usuarios.nombre,
          email: usuarios.email,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .innerJoin(usuarios, eq(usuarios.id, pedidos.usuarioId))
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(
          and(eq(pagosPorVendedor.pedidoId, pedidoId), eq(pagosPorVendedor.tiendaId, tiendaId)),
        )
        .execute();
      return fila;
    },

    findLineasDelRecibo(pedidoId, tiendaId) {
      return db
        .select({
          producto: productos.nombre,
          cantidad: pedidoLineas.cantidad,
          precioCentavos: pedidoLineas.precioCentavos,
        })
        .from(pedidoLineas)
        .innerJoin(productos, eq(productos.id, pedidoLineas.productoId))
        .where(and(eq(pedidoLineas.pedidoId, pedidoId), eq(pedidoLineas.tiendaId, tiendaId)))
        .orderBy(asc(pedidoLineas.id))
        .execute();
    },

    findReservasPorVencer({ ahora, hasta, limite, sinAviso }: Ventana) {
      return db
        .select({
          id: pedidos.id,
          usuarioId: pedidos.usuarioId,
          reservaExpiraEn: pedidos.reservaExpiraEn,
        })
        .from(pedidos)
        .where(
          and(
            isNull(pedidos.reservaLiberadaEn),
            eq(pedidos.aprobado, false),
            gt(pedidos.reservaExpiraEn, ahora),
            lte(pedidos.reservaExpiraEn, hasta),
            sinAviso(pedidos.id),
          ),
        )
        .orderBy(asc(pedidos.reservaExpiraEn))
        .limit(limite);
    },

    async findReembolso(reembolsoId) {
      const [r] = await db
        .select({
          motivo: reembolsos.motivo,
          pedidoId: reembolsos.pedidoId,
          usuarioId: reembolsos.usuarioId,
          montoCentavos: reembolsos.montoCentavos,
          tienda: tiendas.nombre,
          vendedorId: tiendas.usuarioId,
          producto: productos.nombre,
        })
        .from(reembolsos)
        .innerJoin(tiendas, eq(tiendas.id, reembolsos.tiendaId))
        .leftJoin(gruposDeCompra, eq(gruposDeCompra.id, reembolsos.grupoId))
        .leftJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(eq(reembolsos.id, reembolsoId));
      return r;
    },
  };
}
