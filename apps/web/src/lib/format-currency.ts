const formatter = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/**
 * Formats an amount in pesos the Argentine way: `formatPrecio(12345.67)` is "$ 12.345,67"
 * (Intl puts a non-breaking space between the sign and the number).
 */
export function formatPrecio(pesos: number): string {
  return formatter.format(pesos);
}
