/**
 * The formatters are built on first use: building one loads its locale's data, a few
 * milliseconds that every page paid at start (this module is in the first page's chunk) though
 * few show a date.
 */
let fechaHora: Intl.DateTimeFormat | undefined;
let relativo: Intl.RelativeTimeFormat | undefined;

/**
 * A date and time the Argentine way, short, on Buenos Aires time: "5 de nov de 2026, 14:30"
 * (a group's creation date, spec part 2, section 2; a store's in the review).
 */
export function formatFechaHora(iso: string): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return '';
  fechaHora ??= new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  return fechaHora.format(fecha);
}

const PASOS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago, the Argentine way: "hace 5 minutos", "ayer", "hace 2 semanas" (a
 * notification's time). Under a minute is "hace un momento".
 */
export function formatHaceCuanto(iso: string, ahora: Date = new Date()): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return '';
  let valor = (fecha.getTime() - ahora.getTime()) / 1000;
  if (Math.abs(valor) < 60) return 'hace un momento';
  relativo ??= new Intl.RelativeTimeFormat('es-AR', { numeric: 'auto' });
  for (const [unidad, siguiente] of PASOS) {
    if (Math.abs(valor) < siguiente) return relativo.format(Math.round(valor), unidad);
    valor /= siguiente;
  }
  return '';
}
