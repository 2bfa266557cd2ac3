/** 'N productos', singular for one. */
export function textoCantidadProductos(cantidad: number): string {
  return `${cantidad} ${cantidad === 1 ? 'producto' : 'productos'}`;
}
