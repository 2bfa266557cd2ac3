/** The value of the category filter that shows every store (a select item cannot be empty). */
export const TODAS_LAS_CATEGORIAS = 'all';

/** '1 tienda encontrada' / 'N tiendas encontradas' (spec part 1, section 2). */
export function textoTiendasEncontradas(cantidad: number): string {
  return cantidad === 1 ? '1 tienda encontrada' : `${cantidad} tiendas encontradas`;
}
