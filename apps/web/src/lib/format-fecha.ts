const fechaHora = new Intl.DateTimeFormat('es-AR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});

/**
 * A date and time the Argentine way, short, on Buenos Aires time: "5 de nov de 2026, 14:30"
 * (a group's creation date, spec part 2, section 2; a store's in the review).
 */
export function formatFechaHora(iso: string): string {
  const fecha = new Date(iso);
  return Number.isNaN(fecha.getTime()) ? '' : fechaHora.format(fecha);
}
