import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categoriasLocales, gruposDeCompra, productos, tiendas } from '../../db/schema';

export type ProductoRow = typeof productos.$inferSelect;

/** On sale: not withdrawn by its seller (`retirado_en`, migration 0012). */
const enVenta = isNull(productos.retiradoEn);

export function createProductoRepository(db: Database) {
  return {
    /** A product on sale whose store is enabled (what the public may see). */
    async findPublicById(
      id: string,
    ): Promise<{ producto: ProductoRow; tiendaNombre: string } | undefined> {
      const [row] = await db
        .select({ producto: productos, tiendaNombre: tiendas.nombre })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(and(eq(productos.id, id), enVenta, eq(tiendas.habilitada, true)));
      return row;
    },

    /** A product, withdrawn or not (its seller's checks read `retiradoEn`). */
    async findById(id: string): Promise<ProductoRow | undefined> {
      const [row] = await db.select().from(productos).where(eq(productos.id, id));
      return row;
    },

    /** Who sells a product (withdrawn or not), for the ownership check before anything else. */
    async findVendedorId(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ vendedorId: productos.vendedorId })
        .from(productos)
        .where(eq(productos.id, id));
      return row?.vendedorId;
    },

    /** The product, its row locked until the transaction ends. Inside `withTransaction` only. */
    async lockById(id: string): Promise<ProductoRow | undefined> {
      const [row] = await db.select().from(productos).where(eq(productos.id, id)).for('update');
      return row;
    },

    async insert(producto: typeof productos.$inferInsert): Promise<ProductoRow> {
      const [row] = await db.insert(productos).values(producto).returning();
      if (!row) throw new Error('el producto no se insertó');
      return row;
    },

    async update(
      id: string,
      cambios: Partial<typeof productos.$inferInsert>,
    ): Promise<ProductoRow | undefined> {
      const [row] = await db.update(productos).set(cambios).where(eq(productos.id, id)).returning();
      return row;
    },

    /** The seller's products on sale (withdrawn ones left out), newest first. */
    findByVendedor: (vendedorId: string) =>
      db
        .select()
        .from(productos)
        .where(and(eq(productos.vendedorId, vendedorId), enVenta))
        .orderBy(desc(productos.fechaCreacion), asc(productos.id)),

    /** Of `ids`, those that are local categories of the store. */
    async findCategoriasLocalesDeTienda(tiendaId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const filas = await db
        .select({ id: categoriasLocales.id })
        .from(categoriasLocales)
        .where(and(eq(categoriasLocales.tiendaId, tiendaId), inArray(categoriasLocales.id, ids)));
      return new Set(filas.map((f) => f.id));
    },

    /**
     * Withdraws a product from sale: no longer listed, shown or sold. `disponible` goes off
     * too, so every reader that already filters on it (the store card, the group page) agrees.
     */
    async markRetirado(id: string): Promise<void> {
      await db
        .update(productos)
        .set({ retiradoEn: sql`now()`, disponible: false })
        .where(eq(productos.id, id));
    },

    /** Whether the product still has an open group (after the empty one was cancelled: paid). */
    async hasGrupoAbierto(productoId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: gruposDeCompra.id })
        .from(gruposDeCompra)
        .where(and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')))
        .limit(1);
      return Boolean(row);
    },

    /**
     * What a shared link of a group page shows (Open Graph): the group and its product, only
     * while the product is on sale in an enabled store.
     */
    async findVistaPreviaDeGrupo(grupoId: string) {
      const [row] = await db
        .select({
          estado: gruposDeCompra.estado,
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
          nombre: productos.nombre,
          descripcion: productos.descripcion,
          precioCentavos: productos.precioCentavos,
          imagen: productos.imagen,
        })
        .from(gruposDeCompra)
        .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(and(eq(gruposDeCompra.id, grupoId), enVenta, eq(tiendas.habilitada, true)));
      return row;
    },
  };
}

export type ProductoRepository = ReturnType<typeof createProductoRepository>;
