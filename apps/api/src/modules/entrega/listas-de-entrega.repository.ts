import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  pagosPorVendedor,
  participantesGrupo,
  pedidoLineas,
  pedidos,
  productos,
  reembolsos,
  tiendas,
} from '../../db/schema';

/** What delivery shows of an order: its address snapshot and phone. */
const direccionDePedido = {
  direccion: pedidos.direccion,
  departamento: pedidos.departamento,
  descripcion: pedidos.descripcion,
  ciudad: pedidos.ciudad,
  provincia: pedidos.provincia,
  codigoPostal: pedidos.codigoPostal,
  telefono: pedidos.telefono,
};

/** Reads of the delivery lists and of a shopper's orders with their groups. */
export function createListasDeEntregaRepository(db: Database) {
  return {
    async findTienda(id: string) {
      const [row] = await db
        .select({ id: tiendas.id, usuarioId: tiendas.usuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, id));
      return row;
    },

    /** The user's approved orders, newest first (at most `limite`). */
    findPedidosAprobadosDeUsuario: (usuarioId: string, limite: number) =>
      db
        .select()
        .from(pedidos)
        .where(and(eq(pedidos.usuarioId, usuarioId), eq(pedidos.aprobado, true)))
        .orderBy(desc(pedidos.creadoEn), desc(pedidos.id))
        .limit(limite),

    /** Each seller's part of these orders, with its store's name and its delivery. */
    findPartesDePedidos: (pedidoIds: string[]) =>
      db
        .select({
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          tiendaNombre: tiendas.nombre,
          estado: pagosPorVendedor.estado,
          montoCentavos: pagosPorVendedor.montoCentavos,
          entregadoEn: pagosPorVendedor.entregadoEn,
        })
        .from(pagosPorVendedor)
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(inArray(pagosPorVendedor.pedidoId, pedidoIds))
        .orderBy(asc(pagosPorVendedor.pedidoId), asc(pagosPorVendedor.id)),

    /**
     * The groups these orders hold places in (one row per participation), with the store of
     * the group's product and the refund of that participation, if the group was cancelled.
     */
    findGruposDePedidos: (pedidoIds: string[]) =>
      db
        .select({
          pedidoId: sql<string>`${participantesGrupo.pedidoId}`,
          grupoId: gruposDeCompra.id,
          productoId: gruposDeCompra.productoId,
          tiendaId: productos.tiendaId,
          productoNombre: productos.nombre,
          estado: gruposDeCompra.estado,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
          fechaLimite: gruposDeCompra.fechaLimite,
          cantidad: participantesGrupo.cantidad,
          reembolsoMontoCentavos: reembolsos.montoCentavos,
          reembolsoEstado: reembolsos.estado,
          reembolsadoEn: reembolsos.reembolsadoEn,
        })
        .from(participantesGrupo)
        .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .leftJoin(reembolsos, eq(reembolsos.participanteId, participantesGrupo.id))
        .where(inArray(participantesGrupo.pedidoId, pedidoIds))
        .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id)),

    /**
     * The store's lines of approved orders whose part for the store is not delivered yet,
     * oldest order first (at most `limite`).
     */
    findLineasParaEntregarDeTienda: (tiendaId: string, limite: number) =>
      db
        .select({
          pedidoId: pedidoLineas.pedidoId,
          productoId: pedidoLineas.productoId,
          productoNombre: productos.nombre,
          productoImagen: sql<
            string | null
          >`coalesce(${productos.imagenMiniatura}, ${productos.imagen})`,
          cantidad: pedidoLineas.cantidad,
          ...direccionDePedido,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .innerJoin(
          pedidoLineas,
          and(
            eq(pedidoLineas.pedidoId, pagosPorVendedor.pedidoId),
            eq(pedidoLineas.tiendaId, pagosPorVendedor.tiendaId),
          ),
        )
        .leftJoin(productos, eq(productos.id, pedidoLineas.productoId))
        .where(
          and(
            eq(pagosPorVendedor.tiendaId, tiendaId),
            eq(pagosPorVendedor.estado, 'aprobado'),
            isNull(pagosPorVendedor.entregadoEn),
            eq(pedidos.aprobado, true),
          ),
        )
        .orderBy(asc(pedidos.creadoEn), asc(pedidos.id), asc(pedidoLineas.id))
        .limit(limite),

    /**
     * Undelivered paid parts of approved orders, oldest first (at most `limite`): the courier's
     * list keeps those the lifecycle says are ready.
     */
    findPartesListas: (limite: number) =>
      db
        .select({
          pedidoId: pagosPorVendedor.pedidoId,
          tiendaId: pagosPorVendedor.tiendaId,
          tiendaNombre: tiendas.nombre,
          ...direccionDePedido,
        })
        .from(pagosPorVendedor)
        .innerJoin(pedidos, eq(pedidos.id, pagosPorVendedor.pedidoId))
        .innerJoin(tiendas, eq(tiendas.id, pagosPorVendedor.tiendaId))
        .where(
          and(
            eq(pedidos.aprobado, true),
            eq(pagosPorVendedor.estado, 'aprobado'),
            isNull(pagosPorVendedor.entregadoEn),
          ),
        )
        .orderBy(asc(pedidos.creadoEn), asc(pedidos.id), asc(pagosPorVendedor.tiendaId))
        .limit(limite),

    /** Of these orders, those that exist, optionally only the user's own. */
    async findPedidosVisibles(pedidoIds: string[], { usuarioId }: { usuarioId?: string }) {
      const rows = await db
        .select({ id: pedidos.id })
        .from(pedidos)
        .where(
          and(
            inArray(pedidos.id, pedidoIds),
            usuarioId ? eq(pedidos.usuarioId, usuarioId) : undefined,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Of these orders, those whose part for the store is not delivered. */
    async findPartesSinEntregar(pedidoIds: string[], tiendaId: string) {
      const rows = await db
        .select({ id: pagosPorVendedor.pedidoId })
        .from(pagosPorVendedor)
        .where(
          and(
            inArray(pagosPorVendedor.pedidoId, pedidoIds),
            eq(pagosPorVendedor.tiendaId, tiendaId),
            isNull(pagosPorVendedor.entregadoEn),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
