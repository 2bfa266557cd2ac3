import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type GrupoDeCompraRow,
  gruposDeCompra,
  productos,
  type ReembolsoDeGrupoRow,
  reembolsosDeGrupo,
  tiendas,
} from '../../db/schema';

/** An open group as the product team's screen lists it. */
export interface GrupoParaAdminRow {
  grupo: GrupoDeCompraRow;
  productoNombre: string;
  tiendaNombre: string;
  participantes: number;
  /** What cancelling it would refund: each participant's places at its order's unit price. */
  montoCentavos: number;
}

/** A refund to make, with the seller whose account holds the payment. */
export interface ReembolsoPorHacer {
  id: string;
  clave: string;
  proveedorPagoId: string | null;
  montoCentavos: number;
  vendedorId: string;
}

/**
 * Cancelling groups and refunding their participants (docs/decisions/026): the group's
 * `abierto -> cancelado` (called by grupo-de-compra.cancelacion.ts inside its transaction,
 * after it locked the product row, as the places ledger does) and the `reembolsos_de_grupo`
 * rows, one per participant, that the refunds follow.
 */
export function createReembolsoDeGrupoRepository(db: Database) {
  /**
   * A participant's share (rows `p` of participantes_grupo, `g` its group): its places at its
   * order's unit price for the group's product, plus that seller's shipping when no other group
   * still holds places of the order for that store (the part will not ship at all).
   */
  const montoDeParticipante = sql<number>`(
    p.cantidad * coalesce((
      select max(l.precio_centavos) from pedido_lineas l
      where l.pedido_id = p.pedido_id and l.producto_id = g.producto_id), 0)
    + case when exists (
        select 1 from participantes_grupo p2
        join grupos_de_compra g2 on g2.id = p2.grupo_id
        join productos pr2 on pr2.id = g2.producto_id
        where p2.pedido_id = p.pedido_id and g2.id <> g.id and g2.estado <> 'cancelado'
          and pr2.tienda_id = (select tienda_id from productos where id = g.producto_id))
      then 0
      else coalesce((
        select pv.envio_centavos from pagos_por_vendedor pv
        where pv.pedido_id = p.pedido_id
          and pv.tienda_id = (select tienda_id from productos where id = g.producto_id)), 0)
      end)`;

  return {
    /** abierto -> cancelado (with `cancelado_en` and `cerrado_en`); undefined when it was not open. */
    async cancelar(grupoId: string): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db
        .update(gruposDeCompra)
        .set({
          estado: 'cancelado',
          canceladoEn: sql`clock_timestamp()`,
          cerradoEn: sql`clock_timestamp()`,
        })
        .where(and(eq(gruposDeCompra.id, grupoId), eq(gruposDeCompra.estado, 'abierto')))
        .returning();
      return row;
    },

    /**
     * One refund per participant of the group that paid with an order (never twice: the
     * unique index on `participante_id`): its share, the approved provider payment of that
     * seller's part, the key `reembolso-grupo-<participanteId>`. Answers the rows inserted now.
     */
    async registrarReembolsos(grupoId: string): Promise<ReembolsoDeGrupoRow[]> {
      const { rows } = (await db.execute(sql`
        insert into reembolsos_de_grupo
          (id, grupo_id, participante_id, pedido_id, tienda_id, usuario_id, proveedor_pago_id,
           monto_centavos, clave)
        select p.id, g.id, p.id, p.pedido_id, pr.tienda_id, p.usuario_id, pv.proveedor_pago_id,
          ${montoDeParticipante}, 'reembolso-grupo-' || p.id
        from participantes_grupo p
        join grupos_de_compra g on g.id = p.grupo_id
        join productos pr on pr.id = g.producto_id
        left join pagos_por_vendedor pv
          on pv.pedido_id = p.pedido_id and pv.tienda_id = pr.tienda_id
        where p.grupo_id = ${grupoId} and p.pedido_id is not null
        order by p.creado_en, p.id
        on conflict (participante_id) do nothing
        returning id`)) as unknown as { rows: { id: string }[] };
      if (rows.length === 0) return [];
      return db
        .select()
        .from(reembolsosDeGrupo)
        .where(
          inArray(
            reembolsosDeGrupo.id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(reembolsosDeGrupo.creadoEn), asc(reembolsosDeGrupo.id));
    },

    /** Refunds still `pendiente` (of one group, or all of them, oldest first). */
    async pendientes({
      grupoId,
      limite = 100,
    }: {
      grupoId?: string;
      limite?: number;
    } = {}): Promise<ReembolsoPorHacer[]> {
      return db
        .select({
          id: reembolsosDeGrupo.id,
          clave: reembolsosDeGrupo.clave,
          proveedorPagoId: reembolsosDeGrupo.proveedorPagoId,
          montoCentavos: reembolsosDeGrupo.montoCentavos,
          vendedorId: tiendas.usuarioId,
        })
        .from(reembolsosDeGrupo)
        .innerJoin(tiendas, eq(tiendas.id, reembolsosDeGrupo.tiendaId))
        .where(
          and(
            eq(reembolsosDeGrupo.estado, 'pendiente'),
            grupoId ? eq(reembolsosDeGrupo.grupoId, grupoId) : undefined,
          ),
        )
        .orderBy(asc(reembolsosDeGrupo.creadoEn), asc(reembolsosDeGrupo.id))
        .limit(limite);
    },

    /** The provider confirmed: `reembolsado`, once (a second confirmation changes nothing). */
    async marcarReembolsado(id: string, reembolsoId: string | null, ahora: Date): Promise<boolean> {
      const filas = await db
        .update(reembolsosDeGrupo)
        .set({
          estado: 'reembolsado',
          reembolsoId,
          reembolsadoEn: ahora,
          intentos: sql`${reembolsosDeGrupo.intentos} + 1`,
          ultimoError: null,
        })
        .where(and(eq(reembolsosDeGrupo.id, id), eq(reembolsosDeGrupo.estado, 'pendiente')))
        .returning({ id: reembolsosDeGrupo.id });
      return filas.length > 0;
    },

    /** A failed try: counted, with its (redacted, bounded) error. */
    async registrarFallo(id: string, ultimoError: string): Promise<void> {
      await db
        .update(reembolsosDeGrupo)
        .set({ intentos: sql`${reembolsosDeGrupo.intentos} + 1`, ultimoError })
        .where(and(eq(reembolsosDeGrupo.id, id), eq(reembolsosDeGrupo.estado, 'pendiente')));
    },

    /** Open groups whose deadline has passed, oldest deadline first. */
    async vencidos(ahora: Date, limite = 100): Promise<string[]> {
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
    async abiertosParaAdmin(): Promise<GrupoParaAdminRow[]> {
      const filas = await db
        .select({
          grupo: gruposDeCompra,
          productoNombre: productos.nombre,
          tiendaNombre: tiendas.nombre,
          participantes: sql<number>`(select count(distinct p.usuario_id) from participantes_grupo p
            where p.grupo_id = ${gruposDeCompra.id})::int`,
          montoCentavos: sql<string>`(select coalesce(sum(${montoDeParticipante}), 0)
            from participantes_grupo p join grupos_de_compra g on g.id = p.grupo_id
            where p.grupo_id = ${gruposDeCompra.id} and p.pedido_id is not null)::bigint`,
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
      return filas.map((f) => ({
        ...f,
        participantes: Number(f.participantes),
        montoCentavos: Number(f.montoCentavos),
      }));
    },
  };
}

/** The admin list's bound. */
export const LIMITE_GRUPOS_ADMIN = 200;

export type ReembolsoDeGrupoRepository = ReturnType<typeof createReembolsoDeGrupoRepository>;
