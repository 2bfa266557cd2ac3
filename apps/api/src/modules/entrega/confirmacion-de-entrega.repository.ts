import { and, asc, count, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  gruposDeCompra,
  intentosCodigoEntrega,
  pagosPorVendedor,
  participantesGrupo,
  pedidos,
  productos,
  tiendas,
} from '../../db/schema';

/**
 * Queries of a delivery's confirmation (confirmacion-de-entrega.service.ts): who may confirm,
 * the wrong codes counted, and the transaction that delivers parts and completes groups.
 */
export function createConfirmacionDeEntregaRepository(db: Database) {
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

    /** The owners of these stores (their sellers), by store. */
    findVendedores: (tiendaIds: string[]) =>
      db
        .select({ tiendaId: tiendas.id, usuarioId: tiendas.usuarioId })
        .from(tiendas)
        .where(inArray(tiendas.id, tiendaIds)),

    /** The store the user owns, if any (one per user). */
    async findTiendaDeUsuario(usuarioId: string) {
      const [row] = await db
        .select({ id: tiendas.id })
        .from(tiendas)
        .where(eq(tiendas.usuarioId, usuarioId));
      return row;
    },

    /**
     * Wrong delivery codes since `desde`: by this caller on this order, and by this caller on
     * any order.
     */
    async countIntentosRecientes(pedidoId: string, usuarioId: string, desde: Date) {
      const [fila] = await db
        .select({
          enEstePedido: sql<number>`count(*) filter (where ${intentosCodigoEntrega.pedidoId} = ${pedidoId})::int`,
          entodos: count(),
        })
        .from(intentosCodigoEntrega)
        .where(
          and(
            eq(intentosCodigoEntrega.usuarioId, usuarioId),
            gte(intentosCodigoEntrega.creadoEn, desde),
          ),
        );
      return { enEstePedido: Number(fila?.enEstePedido ?? 0), enTodos: Number(fila?.entodos ?? 0) };
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
