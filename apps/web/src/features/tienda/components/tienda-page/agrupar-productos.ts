import type { CategoriaLocal, ProductoDeVitrina } from '@compra-grupal/contracts';
import { CONSTANTES } from '@compra-grupal/contracts';

/** Store carousel: at most 6 products per category (spec part 2, section 9). */
const PRODUCTOS_POR_CATEGORIA = CONSTANTES.productosPorTarjetaTienda;

/** Value of the row of products without a (known) local category. */
const OTROS_PRODUCTOS_ID = 'otros';
const OTROS_PRODUCTOS_NOMBRE = 'Otros productos';

export interface FilaDeCategoria {
  /** The local category's id, or OTROS_PRODUCTOS_ID. */
  id: string;
  nombre: string;
  /** The first products of the category (at most PRODUCTOS_POR_CATEGORIA). */
  productos: ProductoDeVitrina[];
}

/**
 * The store page's rows (spec part 2, sections 2 and 5): one per local category, in the
 * store's order, with at most 6 available products each (in the order given: newest first);
 * categories without products are left out. Products with no local category of this store
 * go into a last 'Otros productos' row. A product in several categories shows in each.
 */
export function agruparPorCategoria(
  productos: readonly ProductoDeVitrina[],
  categoriasLocales: readonly CategoriaLocal[],
  limite: number = PRODUCTOS_POR_CATEGORIA,
): FilaDeCategoria[] {
  const disponibles = productos.filter((producto) => producto.disponible);
  const conocidas = new Set(categoriasLocales.map((categoria) => categoria._id));

  const filas: FilaDeCategoria[] = [];
  for (const categoria of categoriasLocales) {
    const enCategoria = disponibles.filter((producto) =>
      producto.categoriaLocalId.includes(categoria._id),
    );
    if (enCategoria.length === 0) continue;
    filas.push({
      id: categoria._id,
      nombre: categoria.nombre,
      productos: enCategoria.slice(0, limite),
    });
  }

  const otros = disponibles.filter(
    (producto) => !producto.categoriaLocalId.some((id) => conocidas.has(id)),
  );
  if (otros.length > 0) {
    filas.push({
      id: OTROS_PRODUCTOS_ID,
      nombre: OTROS_PRODUCTOS_NOMBRE,
      productos: otros.slice(0, limite),
    });
  }
  return filas;
}
