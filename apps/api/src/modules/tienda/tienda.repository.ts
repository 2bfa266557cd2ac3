import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type CategoriaLocalRow,
  categorias,
  coberturas,
  type ProductoDestacadoRow,
  productos,
  tiendas,
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

    async categoriaExiste(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: categorias.id })
        .from(categorias)
        .where(eq(categorias.id, id));
      return Boolean(row);
    },

    /** A coverage's radius, copied onto the store so the listing can index it. */
    async coberturaKm(id: string): Promise<number | undefined> {
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

    findAvailableProductos: (tiendaId: string) =>
      db
        .select()
        .from(productos)
        .where(and(eq(productos.tiendaId, tiendaId), eq(productos.disponible, true)))
        .orderBy(desc(productos.fechaCreacion), asc(productos.id)),
  };
}

export type TiendaRepository = ReturnType<typeof createTiendaRepository>;
