import { CATEGORIA_LOCAL_MENSAJES, editarCategoriasRequestSchema } from '@compra-grupal/contracts';
import { z } from 'zod';

/** The contract's rule for one name: trimmed, 'Por favor ingresa un nombre para la categoría' when empty. */
const nombreDelContrato =
  editarCategoriasRequestSchema.shape.categoriasLocales.element.shape.nombre;

const comparable = (nombre: string) => nombre.trim().toLocaleLowerCase('es-AR');

/**
 * The form of one category name (adding or renaming; spec part 2, section 5): the contract's
 * rule, and not the name of another category regardless of case ('Ya existe una categoría con
 * ese nombre'). `otras` are the names of the other categories (a renamed one may keep its own).
 */
export function nombreCategoriaFormSchema(otras: readonly string[]) {
  const usados = new Set(otras.map(comparable));
  return z.object({
    nombre: nombreDelContrato.refine((nombre) => !usados.has(comparable(nombre)), {
      error: CATEGORIA_LOCAL_MENSAJES.duplicada,
      when: (payload) => payload.issues.length === 0,
    }),
  });
}

export type NombreCategoriaForm = z.infer<ReturnType<typeof nombreCategoriaFormSchema>>;
