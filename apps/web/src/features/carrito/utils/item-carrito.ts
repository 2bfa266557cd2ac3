import type { Producto } from '@compra-grupal/contracts';
import type { LineaCarrito } from '../stores/carrito-store';

/** What the cart shows of a product. */
export type ProductoDeCarrito = Pick<
  Producto,
  '_id' | 'nombre' | 'precio' | 'imagen' | 'tiendaId' | 'cantidadTotalGrupo' | 'stock'
>;

/** A cart line with its product as far as it is known. */
export interface ItemCarrito {
  linea: LineaCarrito;
  producto: ProductoDeCarrito | undefined;
  /** 'no-encontrado': the product no longer exists; 'error': it could not be loaded now. */
  estado: 'cargando' | 'listo' | 'no-encontrado' | 'error';
}

export interface GrupoDeTienda {
  tiendaId: string;
  items: (ItemCarrito & { producto: ProductoDeCarrito })[];
  cantidad: number;
  subtotal: number;
}

/** Pesos with at most two decimals (sums of prices must not show float noise). */
function redondear(pesos: number): number {
  return Math.round(pesos * 100) / 100;
}

/** A line's subtotal: unit price × quantity. */
export function subtotalDeLinea(precio: number, cantidad: number): number {
  return redondear(precio * cantidad);
}

/** The items whose product is known. */
function itemsListos(items: readonly ItemCarrito[]) {
  return items.filter(
    (item): item is ItemCarrito & { producto: ProductoDeCarrito } =>
      item.estado === 'listo' && item.producto !== undefined,
  );
}

/** Item count and total in pesos over the lines whose product is known. */
export function totalesDelCarrito(items: readonly ItemCarrito[]): {
  cantidad: number;
  total: number;
} {
  let cantidad = 0;
  let total = 0;
  for (const item of itemsListos(items)) {
    cantidad += item.linea.cantidadSolicitada;
    total += item.producto.precio * item.linea.cantidadSolicitada;
  }
  return { cantidad, total: redondear(total) };
}

/** Whether a known line asks for more than its product's stock. */
export function superaElStock(item: ItemCarrito): boolean {
  return item.producto !== undefined && item.linea.cantidadSolicitada > item.producto.stock;
}

/** The known lines grouped by store, in the order stores first appear in the cart. */
export function agruparPorTienda(items: readonly ItemCarrito[]): GrupoDeTienda[] {
  const grupos = new Map<string, GrupoDeTienda>();
  for (const item of itemsListos(items)) {
    const { tiendaId } = item.producto;
    let grupo = grupos.get(tiendaId);
    if (!grupo) {
      grupo = { tiendaId, items: [], cantidad: 0, subtotal: 0 };
      grupos.set(tiendaId, grupo);
    }
    grupo.items.push(item);
    grupo.cantidad += item.linea.cantidadSolicitada;
    grupo.subtotal = redondear(
      grupo.subtotal + item.producto.precio * item.linea.cantidadSolicitada,
    );
  }
  return [...grupos.values()];
}
