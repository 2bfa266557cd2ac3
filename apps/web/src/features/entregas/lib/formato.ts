/** A phone number for a tel: link (digits and a leading +). */
export function telefonoHref(telefono: string): string {
  return `tel:${telefono.replace(/[^\d+]/g, '')}`;
}

let kilometros: Intl.NumberFormat | undefined;
let horaDelDia: Intl.DateTimeFormat | undefined;
let fechaLarga: Intl.DateTimeFormat | undefined;

/** A route's length the Argentine way: '850 m' under a kilometre, else '12,4 km'. */
export function formatDistancia(metros: number): string {
  if (metros < 1000) return `${Math.round(metros)} m`;
  kilometros ??= new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
  return `${kilometros.format(metros / 1000)} km`;
}

/** A route's time in hours and minutes: '45 min', '1 h', '1 h 20 min' (at least a minute). */
export function formatDuracion(segundos: number): string {
  const minutos = segundos > 0 ? Math.max(1, Math.round(segundos / 60)) : 0;
  const horas = Math.floor(minutos / 60);
  const resto = minutos % 60;
  if (horas === 0) return `${resto} min`;
  return resto === 0 ? `${horas} h` : `${horas} h ${resto} min`;
}

/** The time of day on Buenos Aires time: '14:30' (when a stop was delivered). */
export function formatHora(iso: string): string {
  const fecha = new Date(iso);
  if (Number.isNaN(fecha.getTime())) return '';
  horaDelDia ??= new Intl.DateTimeFormat('es-AR', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  return horaDelDia.format(fecha);
}

/** Today's date for a printed sheet: 'martes, 5 de noviembre de 2026'. */
export function formatFechaLarga(fecha: Date): string {
  fechaLarga ??= new Intl.DateTimeFormat('es-AR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Argentina/Buenos_Aires',
  });
  return fechaLarga.format(fecha);
}
