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
  /** The price a group opened now would fix (docs/decisions/054). */
  precioCentavos: number;
}

const productoDelLedger = {
  id: productos.id,
  tiendaId: productos.tiendaId,
  nombre: productos.nombre,
  cantidadTotalGrupo: productos.cantidadTotalGrupo,
  disponible: productos.disponible,
  precioCentavos: productos.precioCentavos,
};

/** One step of a take: the places a paid line put in one group. */
export interface TomaDeLugares {
  grupoId: string;
  /** Places taken in this group by this step. */
  cantidad: number;
  lugaresOcupados: number;
  lugaresNecesarios: number;
  /** `cerrado` when this take filled the group. */
  estado: GrupoDeCompraRow['estado'];
}

/** What `tomar_lugares` answers (snake_case rows as jsonb). */
interface PasoCrudo {
  producto: {
    id: string;
    tienda_id: string;
    nombre: string;
    cantidad_total_grupo: number;
    disponible: boolean;
    precio_centavos: number;
  };
  grupo: {
    id: string;
    estado: GrupoDeCompraRow['estado'];
    lugares_ocupados: number;
    lugares_necesarios: number;
  };
  cantidad: number;
  participantes: number;
  abierto: boolean;
  siguiente: boolean;
}

/** One step of a take, as the ledger reads it. */
export interface PasoDeToma {
  producto: ProductoDelLedger;
  grupo: Pick<GrupoDeCompraRow, 'id' | 'estado' | 'lugaresOcupados' | 'lugaresNecesarios'>;
  cantidad: number;
  /** The group's distinct users after the take. */
  participantes: number;
  /** A group was opened before the take (the product had none). */
  abierto: boolean;
  /** The next group was opened after the take. */
  siguiente: boolean;
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
 * Queries of purchase groups and their participants. The writes (`tomar`, `insertGrupo`,
 * `markCerrado`) are called by the places ledger only
 * (grupo-de-compra.ledger.ts), inside its transaction, after it locked the product row.
 */
export function createGrupoDeCompraRepository(db: Database) {
  return {
    /**
     * Locks the product row (`FOR NO KEY UPDATE`) for the rest of the transaction: every write
     * to a product's groups takes this lock first, so they run one at a time per product
     * (docs/decisions/046 gives the order of locks).
     */
    async lockProducto(productoId: string): Promise<ProductoDelLedger | undefined> {
      const [row] = await db
        .select(productoDelLedger)
        .from(productos)
        .where(eq(productos.id, productoId))
        .for('no key update');
      return row;
    },

    /**
     * One step of a take, in one round trip (the data-only function `tomar_lugares`,
     * src/db/functions/tomar-lugares.sql): locks the product row, puts up to `cantidad` places
     * in its open group (opening one with the first of `grupoIds` if it has none), closes it
     * when it fills, records the participant, and opens the next group (the second id) when
     * it filled and places remain or the product is on sale. Undefined when the product does
     * not exist. The ledger builds the events from the answer.
     */
    async tomarPaso(input: {
      productoId: string;
      cantidad: number;
      usuarioId: string;
      pedidoId: string | null;
      ahora: Date;
      /** The group the shopper chose: taken if it is one of the product's open groups. */
      grupoElegido: string | null;
      /** What the take's line was charged per unit (null: no order paid them). */
      precioCentavos: number | null;
    }): Promise<PasoDeToma | undefined> {
      // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`, and both
      // parse jsonb.
      const { rows } = (await db.execute(sql`
        select tomar_lugares(${input.productoId}, ${input.cantidad}::int, ${input.usuarioId},
          ${input.pedidoId}, ${newId()}, array[${newId()}, ${newId()}]::char(24)[],
          ${input.ahora.toISOString()}::timestamptz, ${input.grupoElegido},
          ${input.precioCentavos}::bigint) as r`)) as unknown as {
        rows: { r: PasoCrudo | string | null }[];
      };
      const raw = rows[0]?.r ?? null;
      if (raw === null) return undefined;
      const paso: PasoCrudo = typeof raw === 'string' ? JSON.parse(raw) : raw;
      return {
        producto: {
          id: paso.producto.id,
          tiendaId: paso.producto.tienda_id,
          nombre: paso.producto.nombre,
          cantidadTotalGrupo: paso.producto.cantidad_total_grupo,
          disponible: paso.producto.disponible,
          // bigint travels in jsonb as a number.
          precioCentavos: Number(paso.producto.precio_centavos),
        },
        grupo: {
          id: paso.grupo.id,
          estado: paso.grupo.estado,
          lugaresOcupados: paso.grupo.lugares_ocupados,
          lugaresNecesarios: paso.grupo.lugares_necesarios,
        },
        cantidad: paso.cantidad,
        participantes: paso.participantes,
        abierto: paso.abierto,
        siguiente: paso.siguiente,
      };
    },

    /** The product's open group, if no place was taken in it: `cancelado` (the ledger's). */
    cancelAbiertoVacio: (productoId: string) =>
      db
        .update(gruposDeCompra)
        .set({ estado: 'cancelado', cerradoEn: sql`now()`, canceladoEn: sql`now()` })
        .where(
          and(
            eq(gruposDeCompra.productoId, productoId),
            eq(gruposDeCompra.estado, 'abierto'),
            eq(gruposDeCompra.lugaresOcupados, 0),
          ),
        )
        .returning(),

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

    /**
     * Locks the products (id order, as every take does) and reads the price of each one's open
     * group, null when it has none: what a take of each would be charged.
     */
    async lockPreciosAbiertos(
      productoIds: readonly string[],
    ): Promise<{ productoId: string; precioCentavos: number | null }[]> {
      const ids = [...new Set(productoIds)].sort();
      if (ids.length === 0) return [];
      // The locks first, in a statement of their own: a statement that waited for a lock reads
      // the other tables as they were when it started, so the prices are read by the next one
      // (its own snapshot, once the locks are granted), after a price change that held them
      // committed. Both are sent at once (pipeline mode, db/client.ts).
      const bloqueo = db
        .select({ id: productos.id })
        .from(productos)
        .where(inArray(productos.id, ids))
        .orderBy(asc(productos.id))
        .for('no key update')
        .execute();
      const lectura = db
        .select({ productoId: productos.id, precioCentavos: gruposDeCompra.precioCentavos })
        .from(productos)
        .leftJoin(
          gruposDeCompra,
          and(eq(gruposDeCompra.productoId, productos.id), eq(gruposDeCompra.estado, 'abierto')),
        )
        .where(inArray(productos.id, ids))
        .execute();
      const [, precios] = await Promise.all([bloqueo, lectura]);
      return precios;
    },

    /**
     * The seller's new price (the caller locked the product): with places taken in the open
     * group it waits for the next group; else it applies now, to the product and its empty
     * open group. Answers the product's price and the waiting one.
     */
    async fijarPrecio(productoId: string, precioCentavos: number) {
      const { rows } = (await db.execute(sql`
        with abierto as (
          select id, lugares_ocupados from ${gruposDeCompra}
          where producto_id = ${productoId} and estado = 'abierto'
        ), vacio as (
          update ${gruposDeCompra} g set precio_centavos = ${precioCentavos}
          from abierto a where g.id = a.id and a.lugares_ocupados = 0
          returning g.id
        )
        update ${productos} set
          precio_centavos = case when exists (select 1 from abierto where lugares_ocupados > 0)
            then precio_centavos else ${precioCentavos} end,
          precio_siguiente_centavos = case
            when exists (select 1 from abierto where lugares_ocupados > 0)
              and precio_centavos <> ${precioCentavos}
            then ${precioCentavos}::bigint end
        where id = ${productoId}
        returning precio_centavos::float8 as "precioCentavos",
          precio_siguiente_centavos::float8 as "precioSiguienteCentavos"`)) as unknown as {
        rows: { precioCentavos: number; precioSiguienteCentavos: number | null }[];
      };
      return rows[0];
    },

    /**
     * A group opens for the product: the price its seller set while the last one had members,
     * if any, becomes the product's. Answers the price the group fixes.
     */
    async aplicarPrecioSiguiente(productoId: string): Promise<number | undefined> {
      const [row] = await db
        .update(productos)
        .set({
          precioCentavos: sql`coalesce(${productos.precioSiguienteCentavos}, ${productos.precioCentavos})`,
          precioSiguienteCentavos: null,
        })
        .where(eq(productos.id, productoId))
        .returning({ precioCentavos: productos.precioCentavos });
      return row?.precioCentavos;
    },

    /** Opens a group at `ahora` (the app's clock; its deadline follows from it, migration 0017). */
    async insertGrupo(
      productoId: string,
      lugaresNecesarios: number,
      precioCentavos: number,
      ahora: Date,
    ): Promise<GrupoDeCompraRow> {
      const [row] = await db
        .insert(gruposDeCompra)
        .values({
          id: newId(),
          productoId,
          lugaresNecesarios,
          precioCentavos,
          fechaCreacion: ahora,
        })
        .returning();
      if (!row) throw new Error('insert into grupos_de_compra returned no row');
      return row;
    },

    /** abierto -> cerrado; undefined when the group was not open. */
    async markCerrado(grupoId: string, ahora: Date): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db
        .update(gruposDeCompra)
        .set({ estado: 'cerrado', cerradoEn: ahora })
        .where(and(eq(gruposDeCompra.id, grupoId), eq(gruposDeCompra.estado, 'abierto')))
        .returning();
      return row;
    },

    /** abierto -> cancelado (with `cancelado_en` and `cerrado_en`); undefined when it was not open. */
    async markCancelado(grupoId: string, ahora: Date): Promise<GrupoDeCompraRow | undefined> {
      const [row] = await db
        .update(gruposDeCompra)
        .set({ estado: 'cancelado', canceladoEn: ahora, cerradoEn: ahora })
        .where(and(eq(gruposDeCompra.id, grupoId), eq(gruposDeCompra.estado, 'abierto')))
        .returning();
      return row;
    },

    /** How many different users took places in the group. */
    async countParticipantes(grupoId: string): Promise<number> {
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

    async existsParticipacion(grupoId: string, usuarioId: string): Promise<boolean> {
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
