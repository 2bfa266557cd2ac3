import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gruposDeCompra, productos, tiendas } from '../../db/schema';

/**
 * The public pages' reads (docs/decisions/043): only what anyone may see of a store or a
 * product. No seller, email, phone, company name or address column is ever selected.
 */
export function createVitrinaRepository(db: Database) {
  return {
    /** A product with its store's public face, on sale or not (the page tells which). */
    async findProducto(id: string) {
      const [row] = await db
        .select({
          id: productos.id,
          nombre: productos.nombre,
          descripcion: productos.descripcion,
          precioCentavos: productos.precioCentavos,
          imagen: productos.imagen,
          stock: productos.stock,
          retirado: productos.retiradoEn,
          tiendaId: tiendas.id,
          tiendaNombre: tiendas.nombre,
          tiendaHabilitada: tiendas.habilitada,
        })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(eq(productos.id, id));
      return row;
    },

    /** The product's open group, if it has one: how many places it needs and has. */
    async findGrupoAbierto(productoId: string) {
      const [row] = await db
        .select({
          lugaresNecesarios: gruposDeCompra.lugaresNecesarios,
          lugaresOcupados: gruposDeCompra.lugaresOcupados,
        })
        .from(gruposDeCompra)
        .where(
          and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')),
        );
      return row;
    },

    /** An enabled store's public face. */
    async findTiendaHabilitada(id: string) {
      const [row] = await db
        .select({
          id: tiendas.id,
          nombre: tiendas.nombre,
          descripcion: tiendas.descripcion,
          logo: tiendas.logo,
          totalProductos: tiendas.totalProductos,
          productosDestacados: tiendas.productosDestacados,
        })
        .from(tiendas)
        .where(and(eq(tiendas.id, id), eq(tiendas.habilitada, true)));
      return row;
    },

    /** Enabled stores' ids after `despues` (keyset), in id order. */
    findTiendasHabilitadas: (despues: string, limite: number) =>
      db
        .select({ id: tiendas.id })
        .from(tiendas)
        .where(and(eq(tiendas.habilitada, true), gt(tiendas.id, despues)))
        .orderBy(asc(tiendas.id))
        .limit(limite),

    /** Ids of products on sale in enabled stores after `despues` (keyset), in id order. */
    findProductosEnVenta: (despues: string, limite: number) =>
      db
        .select({ id: productos.id })
        .from(productos)
        .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
        .where(
          and(
            isNull(productos.retiradoEn),
            eq(tiendas.habilitada, true),
            gt(productos.id, despues),
          ),
        )
        .orderBy(asc(productos.id))
        .limit(limite),
  };
}

export type VitrinaRepository = ReturnType<typeof createVitrinaRepository>;
