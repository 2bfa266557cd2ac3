import { and, asc, countDistinct, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type GrupoDeCompraRow,
  gruposDeCompra,
  participantesGrupo,
  productos,
  tiendas,
} from '../../db/schema';
import { newId } from '../../lib/ids';

/** What the ledger needs of a product. */
export interface ProductoDelLedger {
  id: string;
  tiendaId: string;
  nombre: string;
  cantidadTotalGrupo: number;
  disponible: boolean;
}

const productoDelLedger = {
  id: productos.id,
  tiendaId: productos.tiendaId,
  nombre: productos.nombre,
  cantidadTotalGrupo: productos.cantidadTotalGrupo,
  disponible: productos.disponible,
};

interface TomaRow {
  id: string;
  producto_id: string;
  estado: GrupoDeCompraRow['estado'];
  lugares_necesarios: number;
  lugares_ocupados: number;
  fecha_creacion: Date | string;
  cerrado_en: Date | string | null;
  fecha_limite: Date | string | null;
  participantes: number;
}

const productoDeGrupo = {
  id: productos.id,
  nombre: productos.nombre,
  descripcion: productos.descripcion,
  imagen: productos.imagen,
  precioCentavos: productos.precioCentavos,
  stock: productos.stock,
  disponible: productos.disponible,
  tiendaId: productos.tiendaId,
};

export interface GrupoConProductoRow {
  grupo: GrupoDeCompraRow;
  producto: {
    id: string;
    nombre: string;
    descripcion: string;
    imagen: string | null;
    precioCentavos: number;
    stock: number;
    disponible: boolean;
    tiendaId: string;
  };
}

/**
 * Queries of purchase groups and their participants. The writes (`insertGrupo`, `sumarLugares`,
 * `cerrar`, `insertParticipante`) are called by the places ledger only
 * (grupo-de-compra.ledger.ts), inside its transaction, after it locked the product row.
 */
export function createGrupoDeCompraRepository(db: Database) {
  return {
    /**
     * Locks the product row (`FOR UPDATE`) for the rest of the transaction: every write to a
     * product's groups takes this lock first, so they run one at a time per product.
     */
    async lockProducto(productoId: string): Promise<ProductoDelLedger | undefined> {
      const [row] = await db
        .select(productoDelLedger)
        .from(productos)
        .where(eq(productos.id, productoId))
        .for('update');
      return row;
    },

    /**
     * Adds `cantidad` places to an open group with room for them (closing it when it fills)
     * and records the participant, in one statement; also answers how many different users
     * the group has now. Undefined (and nothing written) when the group is not open or lacks
     * room.
     */
    async tomar(
      grupoId: string,
      cantidad: number,
      { usuarioId, pedidoId }: { usuarioId: string; pedidoId: string | null },
    ): Promise<{ grupo: GrupoDeCompraRow; participantes: number } | undefined> {
      // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.
      const { rows } = (await db.execute(sql`
        with g as (
          update grupos_de_compra set
            lugares_ocupados = lugares_ocupados + ${cantidad},
            estado = case when lugares_ocupados + ${cantidad} = lugares_necesarios
              then 'cerrado' else estado end,
            cerrado_en = case when lugares_ocupados + ${cantidad} = lugares_necesarios
              then clock_timestamp() else cerrado_en end
          where id = ${grupoId} and estado = 'abierto'
            and lugares_ocupados + ${cantidad} <= lugares_necesarios
          returning *
        ), p as (
          insert into participantes_grupo (id, grupo_id, usuario_id, pedido_id, cantidad, creado_en)
          select ${newId()}, g.id, ${usuarioId}, ${pedidoId}, ${cantidad}, clock_timestamp() from g
          returning grupo_id
        )
        select g.*, (
          (select count(distinct usuario_id) from participantes_grupo where grupo_id = g.id)
          + case when exists (
              select 1 from participantes_grupo where grupo_id = g.id and usuario_id = ${usuarioId}
            ) then 0 else 1 end
        )::int as participantes
        from g`)) as unknown as { rows: TomaRow[] };
      const [r] = rows;
      if (!r) return undefined;
      const fecha = (v: Date | string) => (v instanceof Date ? v : new Date(v));
      return {
        grupo: {
          id: r.id,
          productoId: r.producto_id,
          estado: r.estado,
          lugaresNecesarios: Number(r.lugares_necesarios),
          lugaresOcupados: Number(r.lugares_ocupados),
          fechaCreacion: fecha(r.fecha_creacion),
          cerradoEn: r.cerrado_en === null ? null : fecha(r.cerrado_en),
          fechaLimite: r.fecha_limite === null ? null : fecha(r.fecha_limite),
        },
        participantes: Number(r.participantes),
      };
    },

    async findById(grupoId: string): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db.select().from(gruposDeCompra).where(eq(gruposDeCompra.id, grupoId));
      return row;
    },

    /** The product's open group (at most one, by the partial unique index). */
    async findAbierto(productoId: string): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db
        .select()
        .from(gruposDeCompra)
        .where(and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')))
        .orderBy(asc(gruposDeCompra.fechaCreacion), asc(gruposDeCompra.id));
      return row;
    },

    async insertGrupo(productoId: string, lugaresNecesarios: number): Promise<GrupoDeCompraRow> {
      const [row] = await db
        .insert(gruposDeCompra)
        .values({
          id: newId(),
          productoId,
          lugaresNecesarios,
          // The wall clock, not now(): groups opened in one transaction keep their order.
          fechaCreacion: sql`clock_timestamp()`,
        })
        .returning();
      if (!row) throw new Error('insert into grupos_de_compra returned no row');
      return row;
    },

    /**
     * Adds `cantidad` places to an open group with room for them, and closes it when it is
     * full, in one conditional statement; undefined when the group is not open or lacks room.
     */
    async sumarLugares(grupoId: string, cantidad: number): Promise<GrupoDeCompraRow | undefined> {
      const nuevos = sql`${gruposDeCompra.lugaresOcupados} + ${cantidad}`;
      const [row] = await db
        .update(gruposDeCompra)
        .set({
          lugaresOcupados: nuevos,
          estado: sql`case when ${nuevos} = ${gruposDeCompra.lugaresNecesarios} then 'cerrado' else ${gruposDeCompra.estado} end`,
          cerradoEn: sql`case when ${nuevos} = ${gruposDeCompra.lugaresNecesarios} then clock_timestamp() else ${gruposDeCompra.cerradoEn} end`,
        })
        .where(
          and(
            eq(gruposDeCompra.id, grupoId),
            eq(gruposDeCompra.estado, 'abierto'),
            sql`${nuevos} <= ${gruposDeCompra.lugaresNecesarios}`,
          ),
        )
        .returning();
      return row;
    },

    /** abierto -> cerrado; undefined when the group was not open. */
    async cerrar(grupoId: string): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db
        .update(gruposDeCompra)
        .set({ estado: 'cerrado', cerradoEn: sql`clock_timestamp()` })
        .where(and(eq(gruposDeCompra.id, grupoId), eq(gruposDeCompra.estado, 'abierto')))
        .returning();
      return row;
    },

    async insertParticipante(values: {
      grupoId: string;
      usuarioId: string;
      pedidoId: string | null;
      cantidad: number;
    }): Promise<void> {
      await db
        .insert(participantesGrupo)
        .values({ id: newId(), ...values, creadoEn: sql`clock_timestamp()` });
    },

    /** How many different users took places in the group. */
    async contarParticipantes(grupoId: string): Promise<number> {
      const [row] = await db
        .select({ n: countDistinct(participantesGrupo.usuarioId) })
        .from(participantesGrupo)
        .where(eq(participantesGrupo.grupoId, grupoId));
      return Number(row?.n ?? 0);
    },

    /** The owner of the group's store, for the access check; undefined when no such group. */
    async findDuenio(
      grupoId: string,
    ): Promise<{ usuarioId: string; productoId: string } | undefined> {
      const [row] = await db
        .select({ usuarioId: tiendas.usuarioId, productoId: gruposDeCompra.productoId })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(eq(gruposDeCompra.id, grupoId));
      return row;
    },

    /** The owner of a product's store; undefined when no such product. */
    async findDuenioDeProducto(productoId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ usuarioId: tiendas.usuarioId })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(eq(productos.id, productoId));
      return row?.usuarioId;
    },

    /** The owner of a store; undefined when no such store. */
    async findDuenioDeTienda(tiendaId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ usuarioId: tiendas.usuarioId })
        .from(tiendas)
        .where(eq(tiendas.id, tiendaId));
      return row?.usuarioId;
    },

    /** A store's groups with their product, newest first. */
    async findDeTienda(tiendaId: string): Promise<GrupoConProductoRow[]> {
      return db
        .select({ grupo: gruposDeCompra, producto: productoDeGrupo })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .where(eq(productos.tiendaId, tiendaId))
        .orderBy(desc(gruposDeCompra.fechaCreacion), desc(gruposDeCompra.id));
    },

    /** Participants of these groups, oldest take first. */
    async findParticipantes(grupoIds: string[]) {
      if (grupoIds.length === 0) return [];
      return db
        .select({
          grupoId: participantesGrupo.grupoId,
          usuarioId: participantesGrupo.usuarioId,
          cantidad: participantesGrupo.cantidad,
        })
        .from(participantesGrupo)
        .where(inArray(participantesGrupo.grupoId, grupoIds))
        .orderBy(asc(participantesGrupo.creadoEn), asc(participantesGrupo.id));
    },

    /** A product's open groups, oldest first. */
    async findAbiertos(productoId: string): Promise<GrupoDeCompraRow[]> {
      return db
        .select()
        .from(gruposDeCompra)
        .where(and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')))
        .orderBy(asc(gruposDeCompra.fechaCreacion), asc(gruposDeCompra.id));
    },

    /** A group with its product, if the product's store is enabled (what the public may see). */
    async findPublicoConProducto(grupoId: string): Promise<GrupoConProductoRow | undefined> {
      const [row] = await db
        .select({ grupo: gruposDeCompra, producto: productoDeGrupo })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(and(eq(gruposDeCompra.id, grupoId), eq(tiendas.habilitada, true)));
      return row;
    },

    async usuarioEnGrupo(grupoId: string, usuarioId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: participantesGrupo.id })
        .from(participantesGrupo)
        .where(
          and(eq(participantesGrupo.grupoId, grupoId), eq(participantesGrupo.usuarioId, usuarioId)),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type GrupoDeCompraRepository = ReturnType<typeof createGrupoDeCompraRepository>;
