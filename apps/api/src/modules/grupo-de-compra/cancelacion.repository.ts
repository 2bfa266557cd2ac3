import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type GrupoDeCompraRow, gruposDeCompra, productos, tiendas } from '../../db/schema';

/** An open group as the product team's screen lists it. */
export interface GrupoParaAdminRow {
  grupo: GrupoDeCompraRow;
  productoNombre: string;
  tiendaNombre: string;
  participantes: number;
}

/**
 * The reads of cancelling groups (docs/decisions/026): the groups past their deadline and the
 * product team's list. The cancellation itself is the ledger's `cancelarGrupo`, run by the
 * order lifecycle's cancellation service (pedido/cancelacion-de-grupo.service.ts), which
 * decides the refunds.
 */
export function createCancelacionRepository(db: Database) {
  return {
    /** Open groups whose deadline has passed, oldest deadline first. */
    async findVencidos(ahora: Date, limite = 100): Promise<string[]> {
      const filas = await db
        .select({ id: gruposDeCompra.id })
        .from(gruposDeCompra)
        .where(and(eq(gruposDeCompra.estado, 'abierto'), lte(gruposDeCompra.fechaLimite, ahora)))
        .orderBy(asc(gruposDeCompra.fechaLimite), asc(gruposDeCompra.id))
        .limit(limite);
      return filas.map((f) => f.id);
    },

    /**
     * The open groups, with their product's and store's names: those with places taken first
     * (what a cancellation would refund), then the newest; at most `LIMITE_GRUPOS_ADMIN`.
     */
    async findAbiertosParaAdmin(): Promise<GrupoParaAdminRow[]> {
      const filas = await db
        .select({
          grupo: gruposDeCompra,
          productoNombre: productos.nombre,
          tiendaNombre: tiendas.nombre,
          participantes: sql<number>`(select count(distinct p.usuario_id) from participantes_grupo p
            where p.grupo_id = ${gruposDeCompra.id})::int`,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(eq(gruposDeCompra.estado, 'abierto'))
        .orderBy(
          desc(gruposDeCompra.lugaresOcupados),
          desc(gruposDeCompra.fechaCreacion),
          desc(gruposDeCompra.id),
        )
        .limit(LIMITE_GRUPOS_ADMIN);
      return filas.map((f) => ({ ...f, participantes: Number(f.participantes) }));
    },
  };
}

/** The admin list's bound. */
export const LIMITE_GRUPOS_ADMIN = 200;

export type CancelacionRepository = ReturnType<typeof createCancelacionRepository>;
