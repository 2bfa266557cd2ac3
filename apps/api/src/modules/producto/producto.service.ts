import type { Producto } from '@compra-grupal/contracts';
import { allowAnyone } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { toProducto } from './producto.mapper';
import type { ProductoRepository } from './producto.repository';

const productoNoEncontrado = () => notFound('PRODUCTO_NO_ENCONTRADO');

export function createProductoService(repository: ProductoRepository) {
  return {
    /** A product on sale: public by design (the product page, to anyone). */
    async obtener(actor: Actor | null, id: string): Promise<Producto> {
      allowAnyone(actor);
      const row = await repository.findPublicById(id);
      if (!row) throw productoNoEncontrado();
      return toProducto(row);
    },
  };
}
