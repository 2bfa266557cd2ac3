import { CATEGORIA_LOCAL_MENSAJES } from '@compra-grupal/contracts';

/** A local category being edited: kept ones carry their `_id`, new ones do not yet. */
export interface CategoriaEditable {
  /** Stable key while editing (the `_id`, or one made up for a new category). */
  clave: string;
  _id?: string;
  nombre: string;
}

const comparable = (nombre: string) => nombre.trim().toLocaleLowerCase('es-AR');

/**
 * Why a category name cannot be used, or null when it can (spec part 2, section 5): empty after
 * trimming, or the name of another category regardless of case. `clave` is the category being
 * renamed, which may keep its own name.
 */
export function errorDeNombreCategoria(
  nombre: string,
  categorias: readonly CategoriaEditable[],
  clave?: string,
): string | null {
  if (!nombre.trim()) return CATEGORIA_LOCAL_MENSAJES.vacia;
  const buscado = comparable(nombre);
  const repetida = categorias.some(
    (categoria) => categoria.clave !== clave && comparable(categoria.nombre) === buscado,
  );
  return repetida ? CATEGORIA_LOCAL_MENSAJES.duplicada : null;
}
