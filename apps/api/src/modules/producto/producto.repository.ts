import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productos, tiendas } from '../../db/schema';

export type ProductoRow = typeof productos.$inferSelect;

export function createProductoRepository(db: Database) {
  return {
    /** A product whose store is enabled (what the public may see). */
    async findPublicById(id: string): Promise<ProductoRow | undefined> {
      const [row] = await db
        .select({ producto: productos })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(and(eq(productos.id, id), eq(tiendas.habilitada, true)));
      return row?.producto;
    },
  };
}

export type ProductoRepository = ReturnType<typeof createProductoRepository>;
