import type { Producto } from '@compra-grupal/contracts';
import { centavosAPesos } from '../../lib/money';
import type { ProductoRow } from './producto.repository';

export const toProducto = (row: ProductoRow): Producto => ({
  _id: row.id,
  vendedorId: row.vendedorId,
  tiendaId: row.tiendaId,
  nombre: row.nombre,
  descripcion: row.descripcion,
  precio: centavosAPesos(row.precioCentavos),
  categoria: row.categoria,
  categoriaLocalId: row.categoriaLocalIds,
  imagen: row.imagen,
  stock: row.stock,
  cantidadTotalGrupo: row.cantidadTotalGrupo,
  fechaCreacion: row.fechaCreacion.toISOString(),
  disponible: row.disponible,
});
