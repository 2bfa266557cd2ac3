import type { Producto } from '@compra-grupal/contracts';
import { notFound } from '../../lib/app-error';
import { toProducto } from './producto.mapper';
import type { ProductoRepository } from './producto.repository';

export const productoNoEncontrado = () => notFound('PRODUCTO_NO_ENCONTRADO');

export function createProductoService(repository: ProductoRepository) {
  return {
    async obtener(id: string): Promise<Producto> {
      const row = await repository.findPublicById(id);
      if (!row) throw productoNoEncontrado();
      return toProducto(row);
    },
  };
}
