import type { ImagenVariante, Producto } from '@compra-grupal/contracts';
import { altoAlAncho, MEDIANA_ANCHO } from '../../lib/images/image-pipeline';
import { centavosAPesos } from '../../lib/money';
import { paqueteDeFila } from './paquete-del-producto';
import type { ProductoRow } from './producto.repository';

/**
 * The same-aspect versions of the picture, narrowest first: what exists of the 640 px one and
 * the picture itself. Pictures stored before their size was kept (migration 0023) have none.
 */
export const imagenVariantes = (
  row: Pick<ProductoRow, 'imagen' | 'imagen640' | 'imagenAncho' | 'imagenAlto'>,
): ImagenVariante[] => {
  const { imagen, imagen640, imagenAncho: ancho, imagenAlto: alto } = row;
  if (!imagen || !ancho || !alto) return [];
  const mediana =
    imagen640 && ancho > MEDIANA_ANCHO
      ? [{ url: imagen640, ancho: MEDIANA_ANCHO, alto: altoAlAncho(ancho, alto, MEDIANA_ANCHO) }]
      : [];
  return [...mediana, { url: imagen, ancho, alto }];
};

export const toProducto = (row: ProductoRow): Producto => ({
  _id: row.id,
  vendedorId: row.vendedorId,
  tiendaId: row.tiendaId,
  nombre: row.nombre,
  descripcion: row.descripcion,
  precio: centavosAPesos(row.precioCentavos),
  precioSiguiente:
    row.precioSiguienteCentavos === null ? null : centavosAPesos(row.precioSiguienteCentavos),
  categoria: row.categoria,
  categoriaLocalId: row.categoriaLocalIds,
  imagen: row.imagen,
  stock: row.stock,
  cantidadTotalGrupo: row.cantidadTotalGrupo,
  fechaCreacion: row.fechaCreacion.toISOString(),
  disponible: row.disponible,
  paquete: paqueteDeFila(row),
  imagenMiniatura: row.imagenMiniatura,
  imagenVariantes: imagenVariantes(row),
});
