import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  intentosCodigoEntrega,
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

/** Queries of delivery (issue 14); the rules live in entrega.service.ts. */
export function createEntregaRepository(db: Database) {
  return {
    async findPedido(id: string) {
      const [row] = await db
        .select({
          id: pedidos.id,
          usuarioId: pedidos.usuarioId,
          codigo: pedidos.codigo,
          aprobado: pedidos.aprobado,
        })
        .from(pedidos)
        .where(eq(pedidos.id, id));
      return row;
    },

    async findTienda(id: string) {
      const [row] = await db
        .select({ id: tiendas.id, usuarioId: tiendas.usuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, id));
      return row;
    },

    /** The store the user owns, if any (one per user). */
    async findTiendaDeUsuario(usuarioId: string) {
      const [row] = await db
        .select({ id: tiendas.id })
        .from(tiendas)
        .where(eq(tiendas.usuarioId, usuarioId));
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

    /** Wrong delivery codes since `desde` for this order or by this caller, each counted. */
    async countIntentosRecientes(pedidoId: string, usuarioId: string, desde: Date) {
      const [porPedido] = await db
        .select({ n: count() })
        .from(intentosCodigoEntrega)
        .where(
          and(
            eq(intentosCodigoEntrega.pedidoId, pedidoId),
            gte(intentosCodigoEntrega.creadoEn, desde),
          ),
        );
      const [porUsuario] = await db
        .select({ n: count() })
        .from(intentosCodigoEntrega)
        .where(
          and(
            eq(intentosCodigoEntrega.usuarioId, usuarioId),
            gte(intentosCodigoEntrega.creadoEn, desde),
          ),
        );
      return { porPedido: porPedido?.n ?? 0, porUsuario: porUsuario?.n ?? 0 };
    },

    /** Counts a try (before its code is compared); answers its id, to forget it if right. */
    async insertIntento(pedidoId: string, usuarioId: string, ahora: Date): Promise<number> {
      const [row] = await db
        .insert(intentosCodigoEntrega)
        .values({ pedidoId, usuarioId, creadoEn: ahora })
        .returning({ id: intentosCodigoEntrega.id });
      if (!row) throw new Error('no se registró el intento');
      return row.id;
    },

    /** A try that turned out right (or was refused before comparing) is not a wrong try. */
    async deleteIntento(id: number) {
      await db.delete(intentosCodigoEntrega).where(eq(intentosCodigoEntrega.id, id));
    },

    /**
     * Locks, in id order, the groups this order holds places in (with their product's store):
     * two deliveries touching the same group run one after the other, so the last one sees
     * every other delivery when it decides whether the group is `completado`.
     */
    async lockGruposDePedido(pedidoId: string) {
      return db
        .select({
          id: gruposDeCompra.id,
          estado: gruposDeCompra.estado,
          productoId: gruposDeCompra.productoId,
          productoNombre: productos.nombre,
          tiendaId: productos.tiendaId,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(
          inArray(
            gruposDeCompra.id,
            db
              .select({ id: participantesGrupo.grupoId })
              .from(participantesGrupo)
              .where(eq(participantesGrupo.pedidoId, pedidoId)),
          ),
        )
        .orderBy(asc(gruposDeCompra.id))
        .for('no key update', { of: gruposDeCompra });
    },

    /**
     * Delivers these parts of the order, once: one conditional statement, so that of two
     * concurrent deliveries of a part only one writes it. Answers the stores delivered now.
     */
    async markPartesEntregadas(input: {
      pedidoId: string;
      tiendaIds: string[];
      usuarioId: string;
      metodo: 'codigo' | 'manual';
      ahora: Date;
    }): Promise<string[]> {
      if (input.tiendaIds.length === 0) return [];
      const rows = await db
        .update(pagosPorVendedor)
        .set({
          entregadoEn: input.ahora,
          entregadoPor: input.usuarioId,
          entregaMetodo: input.metodo,
          actualizadoEn: input.ahora,
        })
        .where(
          and(
            eq(pagosPorVendedor.pedidoId, input.pedidoId),
            inArray(pagosPorVendedor.tiendaId, input.tiendaIds),
            eq(pagosPorVendedor.estado, 'aprobado'),
            isNull(pagosPorVendedor.entregadoEn),
          ),
        )
        .returning({ tiendaId: pagosPorVendedor.tiendaId });
      return rows.map((r) => r.tiendaId);
    },

    /**
     * For each of these groups, whether each order with places in it has its part for the
     * group's store delivered (one row per participation of an order).
     */
    findEntregasDeGrupos: (grupoIds: string[]) =>
      grupoIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              grupoId: participantesGrupo.grupoId,
              entregada: sql<boolean>`${pagosPorVendedor.entregadoEn} is not null`,
            })
            .from(participantesGrupo)
            .innerJoin(gruposDeCompra, eq(gruposDeCompra.id, participantesGrupo.grupoId))
            .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
            .leftJoin(
              pagosPorVendedor,
              and(
                eq(pagosPorVendedor.pedidoId, participantesGrupo.pedidoId),
                eq(pagosPorVendedor.tiendaId, productos.tiendaId),
              ),
            )
            .where(
              and(
                inArray(participantesGrupo.grupoId, grupoIds),
                isNotNull(participantesGrupo.pedidoId),
              ),
            ),

    /** These `cerrado` groups become `completado`; answers those changed now. */
    markGruposCompletados: async (grupoIds: string[], ahora: Date) => {
      if (grupoIds.length === 0) return [];
      return db
        .update(gruposDeCompra)
        .set({ estado: 'completado', completadoEn: ahora })
        .where(and(inArray(gruposDeCompra.id, grupoIds), eq(gruposDeCompra.estado, 'cerrado')))
        .returning({
          id: gruposDeCompra.id,
          productoId: gruposDeCompra.productoId,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
        });
    },

    /** For the `grupoActualizado` of completed groups: participants, product name and store. */
    async findResumenDeGrupos(grupoIds: string[]) {
      if (grupoIds.length === 0) return [];
      return db
        .select({
          grupoId: gruposDeCompra.id,
          productoNombre: productos.nombre,
          tiendaId: productos.tiendaId,
          participantesCount: sql<number>`(
            select count(distinct pg.usuario_id)::int from ${participantesGrupo} pg where pg.grupo_id = ${gruposDeCompra.id}
          )`,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(inArray(gruposDeCompra.id, grupoIds));
    },
  };
}

export type EntregaRepository = ReturnType<typeof createEntregaRepository>;
