import type { CategoriaRepository } from './categoria.repository';

/** A global category's name by its id, as the product module proposes a package from it. */
export type NombreDeCategoria = Pick<CategoriaRepository, 'nombreDe'>;
