import type { Cobertura } from '@compra-grupal/contracts';
import type { CoberturaRepository } from './cobertura.repository';

export function createCoberturaService({ repository }: { repository: CoberturaRepository }) {
  return {
    async listar(): Promise<Cobertura[]> {
      const rows = await repository.findAll();
      return rows.map((row) => ({
        _id: row.id,
        nombre: row.nombre,
        descripcion: row.descripcion,
        km: row.km,
      }));
    },
  };
}
