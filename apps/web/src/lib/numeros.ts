/**
 * A number as a seller types it in es-AR: `1500`, `1500,50`, `1.500,50` or `1500.5`. A comma
 * is the decimal mark and dots before it group thousands; with dots only, one dot followed
 * by exactly three digits groups thousands too (`1.500`), otherwise it is the decimal mark.
 * Returns NaN for anything else, '' included.
 */
export function leerNumero(texto: string): number {
  const limpio = texto.trim().replace(/\s/g, '');
  if (limpio === '') return Number.NaN;
  let normal: string;
  if (limpio.includes(',')) {
    normal = limpio.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(limpio)) {
    normal = limpio.replace(/\./g, '');
  } else {
    normal = limpio;
  }
  if (!/^\d+(\.\d+)?$/.test(normal)) return Number.NaN;
  return Number(normal);
}

/** Keeps only what a price may hold while typing: digits, one comma or dots. */
export function filtrarDecimal(texto: string): string {
  return texto.replace(/[^\d.,]/g, '');
}

/** Keeps only digits (stock, places of a group). */
export function filtrarEntero(texto: string): string {
  return texto.replace(/\D/g, '');
}

const conCentavos = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const sinCentavos = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/**
 * How a price shows in a field to edit, the way the wizard's field reads it and a seller writes
 * it: `18.500,50`, or `18.500` when it has no cents. leerNumero reads it back as it was.
 */
export function numeroParaEditar(valor: number): string {
  return (Number.isInteger(valor) ? sinCentavos : conCentavos).format(valor);
}
