import type { Categoria } from '@compra-grupal/contracts';
import type { CategoriaRepository } from './categoria.repository';

export function createCategoriaService({ repository }: { repository: CategoriaRepository }) {
  return {
    async listar(): Promise<Categoria[]> {
      const rows = await repository.findAll();
      return rows.map((row) => ({ _id: row.id, nombre: row.nombre }));
    },
  };
}
