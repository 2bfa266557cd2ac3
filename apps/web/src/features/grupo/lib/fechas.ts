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
 * A group's creation date, short and in Spanish with hour and minute (spec part 2, section 2),
 * on Buenos Aires time: "5 de nov de 2026, 14:30".
 */
export function formatFechaGrupo(iso: string): string {
  const fecha = new Date(iso);
  return Number.isNaN(fecha.getTime()) ? '' : fechaHora.format(fecha);
}
