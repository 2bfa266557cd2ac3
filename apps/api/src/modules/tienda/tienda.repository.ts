import type { EstadoRevision } from '@compra-grupal/contracts';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CategoriaLocalRow,
  categorias,
  categoriasLocales,
  coberturas,
  type ProductoDestacadoRow,
  productos,
  tiendas,
  usuarios,
} from '../../db/schema';

export interface TiendaCercanaRow {
  id: string;
  nombre: string;
  descripcion: string;
  logo: string | null;
  habilitada: boolean;
  categoria_global_id: string | null;
  categoria_nombre: string | null;
  total_productos: number;
  productos: ProductoDestacadoRow[];
  categorias_locales: CategoriaLocalRow[];
  distancia_m: number;
}

/** What the product team's review screen shows of a store (joined with its owner and choices). */
const columnasDeRevision = {
  id: tiendas.id,
  usuarioId: tiendas.usuarioId,
  nombre: tiendas.nombre,
  descripcion: tiendas.descripcion,
  logo: tiendas.logo,
  telefono: tiendas.telefono,
  email: tiendas.email,
  razonSocial: tiendas.razonSocial,
  habilitada: tiendas.habilitada,
  mpVinculado: tiendas.mpVinculado,
  categoriaNombre: categorias.nombre,
  coberturaNombre: coberturas.nombre,
  coberturaKm: tiendas.coberturaKm,
  direccion: tiendas.direccion,
  ciudad: tiendas.ciudad,
  provincia: tiendas.provincia,
  usuarioEmail: usuarios.email,
  creadoEn: tiendas.creadoEn,
};

/** A list of ids as one SQL array value of the id column's type. */
const idArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::char(24)[]`;

/**
 * A name no one can give a category (request text never holds control characters): where a
 * renamed category waits while the others take their new names.
 */
const nombreDePaso = sql`chr(1) || ${categoriasLocales.id}`;

/** Lowercase without Spanish accents, in SQL, to match the same folding done on the search text. */
const folded = (column: ReturnType<typeof sql>) =>
  sql`translate(lower(${column}), 'áéíóúüñ', 'aeiouun')`;

const foldSearchText = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\\%_]/g, (c) => `\\${c}`);

export function createTiendaRepository(db: Database) {
  return {
    /**
     * Enabled stores whose coverage circle contains the point, nearest first. The GiST index on
     * the coverage's bounding cube narrows by area; the exact great-circle distance decides.
     * Featured products, counts and local categories come precomputed on the store row
     * (migrations 0005 and 0006).
     */
    async findCovering(lat: number, lng: number, busqueda?: string): Promise<TiendaCercanaRow[]> {
      const punto = sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
      const centro = sql`ll_to_earth(t.latitud, t.longitud)`;
      const patron = busqueda ? `%${foldSearchText(busqueda)}%` : undefined;
      const filtroBusqueda = patron
        ? sql`and (${folded(sql`t.nombre`)} like ${patron} or ${folded(sql`t.descripcion`)} like ${patron}
              or exists (select 1 from productos pb where pb.tienda_id = t.id and pb.disponible
                and (${folded(sql`pb.nombre`)} like ${patron} or ${folded(sql`pb.descripcion`)} like ${patron})))`
        : sql``;
      // A search brings the products it matched into the card (up to 6, those first), so a
      // store found by its 7th product shows that product.
      const productosDeLaTarjeta = patron
        ? sql`(select coalesce(jsonb_agg(x.producto order by x.orden, x.fecha_creacion desc, x.id), '[]'::jsonb)
              from (
                select jsonb_build_object('_id', p.id, 'nombre', p.nombre,
                    'precioCentavos', p.precio_centavos, 'imagen', coalesce(p.imagen_miniatura, p.imagen)) as producto,
                  case when ${folded(sql`p.nombre`)} like ${patron} or ${folded(sql`p.descripcion`)} like ${patron}
                    then 0 else 1 end as orden,
                  p.fecha_creacion, p.id
                from productos p where p.tienda_id = t.id and p.disponible
                order by orden, p.fecha_creacion desc, p.id limit 6
              ) x)`
        : sql`t.productos_destacados`;
      // The stores in range are gathered first and joined to the categories once: as a plain
      // join the planner, expecting few stores, rescans categorias for every store listed.
      // Both drivers (PGlite and node-postgres) answer raw queries with `{ rows }`.
      const result = (await db.execute(sql`
        with cerca as materialized (
          select t.id, t.nombre, t.descripcion, t.logo, t.habilitada, t.categoria_global_id,
            t.total_productos, ${productosDeLaTarjeta} as productos,
            t.categorias_locales_resumen as categorias_locales,
            earth_distance(${centro}, ${punto}) as distancia_m
          from tiendas t
          where t.habilitada
            and earth_box(${centro}, t.cobertura_km * 1000) @> ${punto}
            and earth_distance(${centro}, ${punto}) <= t.cobertura_km * 1000
            ${filtroBusqueda}
        )
        select cerca.*, c.nombre as categoria_nombre
        from cerca left join categorias c on c.id = cerca.categoria_global_id
        order by cerca.distancia_m, cerca.id
      `)) as unknown as { rows: TiendaCercanaRow[] };
      return result.rows;
    },

    async findEnabledById(id: string) {
      const [row] = await db
        .select({ tienda: tiendas, categoriaNombre: categorias.nombre })
        .from(tiendas)
        .leftJoin(categorias, eq(categorias.id, tiendas.categoriaGlobalId))
        .where(and(eq(tiendas.id, id), eq(tiendas.habilitada, true)));
      return row;
    },

    async existsCategoria(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: categorias.id })
        .from(categorias)
        .where(eq(categorias.id, id));
      return Boolean(row);
    },

    /** A coverage's radius, copied onto the store so the listing can index it. */
    async findCoberturaKm(id: string): Promise<number | undefined> {
      const [row] = await db
        .select({ km: coberturas.km })
        .from(coberturas)
        .where(eq(coberturas.id, id));
      return row?.km;
    },

    async insert(tienda: typeof tiendas.$inferInsert) {
      const [row] = await db.insert(tiendas).values(tienda).returning();
      if (!row) throw new Error('la tienda no se insertó');
      return row;
    },

    /** The store a user owns (one at most: `tiendas_usuario_idx`). */
    async findByUsuario(usuarioId: string) {
      const [row] = await db.select().from(tiendas).where(eq(tiendas.usuarioId, usuarioId));
      return row;
    },

    async findById(id: string) {
      const [row] = await db.select().from(tiendas).where(eq(tiendas.id, id));
      return row;
    },

    /** The store's name with its owner's name and email, as a message to the seller needs. */
    async findConDuenio(id: string) {
      const [row] = await db
        .select({
          usuarioId: tiendas.usuarioId,
          tienda: tiendas.nombre,
          nombre: usuarios.nombre,
          email: usuarios.email,
        })
        .from(tiendas)
        .innerJoin(usuarios, eq(usuarios.id, tiendas.usuarioId))
        .where(eq(tiendas.id, id));
      return row;
    },

    /**
     * The user's store, its row locked until the transaction ends: edits of one store (its
     * data, its local categories) run one after the other. Inside `withTransaction` only.
     */
    async lockByUsuario(usuarioId: string) {
      const [row] = await db
        .select()
        .from(tiendas)
        .where(eq(tiendas.usuarioId, usuarioId))
        .for('update');
      return row;
    },

    /** The store, its row locked until the transaction ends (see `lockByUsuario`). */
    async lockById(id: string) {
      const [row] = await db.select().from(tiendas).where(eq(tiendas.id, id)).for('update');
      return row;
    },

    async update(id: string, cambios: Partial<typeof tiendas.$inferInsert>) {
      const [row] = await db.update(tiendas).set(cambios).where(eq(tiendas.id, id)).returning();
      return row;
    },

    /**
     * Enables or disables a store; answers its owner when this changed it, undefined when it
     * already was so (or does not exist).
     */
    async setHabilitada(id: string, habilitada: boolean) {
      const [row] = await db
        .update(tiendas)
        .set({ habilitada })
        .where(and(eq(tiendas.id, id), ne(tiendas.habilitada, habilitada)))
        .returning({ usuarioId: tiendas.usuarioId });
      return row;
    },

    /** Stores for the review screen: pending (not enabled), enabled or all; newest first. */
    findEnRevision(estado: EstadoRevision, id?: string) {
      const filtros: (SQL | undefined)[] = [
        estado === 'todas' ? undefined : eq(tiendas.habilitada, estado === 'habilitadas'),
        id === undefined ? undefined : eq(tiendas.id, id),
      ];
      return db
        .select(columnasDeRevision)
        .from(tiendas)
        .innerJoin(usuarios, eq(usuarios.id, tiendas.usuarioId))
        .innerJoin(coberturas, eq(coberturas.id, tiendas.coberturaId))
        .leftJoin(categorias, eq(categorias.id, tiendas.categoriaGlobalId))
        .where(and(...filtros))
        .orderBy(desc(tiendas.creadoEn), desc(tiendas.id));
    },

    /** A store's local categories by name, as the store page lists them (migration 0006). */
    findCategoriasLocales: (tiendaId: string) =>
      db
        .select({ id: categoriasLocales.id, nombre: categoriasLocales.nombre })
        .from(categoriasLocales)
        .where(eq(categoriasLocales.tiendaId, tiendaId))
        .orderBy(asc(categoriasLocales.nombre), asc(categoriasLocales.id)),

    /**
     * Removes local categories and takes their ids off every product that had them (the
     * product keeps the order of the rest).
     */
    async deleteCategoriasLocales(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(categoriasLocales).where(inArray(categoriasLocales.id, ids));
      await db
        .update(productos)
        .set({
          categoriaLocalIds: sql`array(
            select u.id from unnest(${productos.categoriaLocalIds}) with ordinality as u(id, n)
            where u.id <> all(${idArray(ids)}) order by u.n)`,
        })
        .where(sql`${productos.categoriaLocalIds} && ${idArray(ids)}`);
    },

    /**
     * Renames local categories. Two steps, so that names may move between them (A→B and B→A
     * in one save): the unique index on the lowercased name is checked row by row and cannot
     * be deferred (it is an expression index), so every renamed category first steps aside to
     * a name no one can type, then all take their new names.
     */
    async renameCategoriasLocales(cambios: { id: string; nombre: string }[]): Promise<void> {
      if (cambios.length === 0) return;
      await db
        .update(categoriasLocales)
        .set({ nombre: nombreDePaso })
        .where(
          inArray(
            categoriasLocales.id,
            cambios.map((c) => c.id),
          ),
        );
      const valores = sql.join(
        cambios.map((c) => sql`(${c.id}, ${c.nombre})`),
        sql`, `,
      );
      await db.execute(sql`
        update categorias_locales c set nombre = v.nombre
        from (values ${valores}) as v(id, nombre)
        where c.id = v.id`);
    },

    async insertCategoriasLocales(filas: (typeof categoriasLocales.$inferInsert)[]) {
      if (filas.length === 0) return;
      await db.insert(categoriasLocales).values(filas);
    },

    findAvailableProductos: (tiendaId: string) =>
      db
        .select()
        .from(productos)
        .where(and(eq(productos.tiendaId, tiendaId), eq(productos.disponible, true)))
        .orderBy(desc(productos.fechaCreacion), asc(productos.id)),
  };
}

export type TiendaRepository = ReturnType<typeof createTiendaRepository>;
export type TiendaEnRevisionRow = Awaited<ReturnType<TiendaRepository['findEnRevision']>>[number];
