const porcentaje = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** An order's progress with one decimal (spec part 2, section 9): "66,7 %". */
export function formatPorcentaje(valor: number): string {
  const acotado = Math.min(100, Math.max(0, valor));
  return `${porcentaje.format(acotado)} %`;
}
