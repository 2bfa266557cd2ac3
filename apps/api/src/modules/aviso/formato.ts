/** How messages write money and dates: es-AR, in Buenos Aires time (docs/decisions/042). */
const pesos = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
const fechaYHora = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** Integer centavos as the screens show pesos, for example '$ 1.234,50'. */
export const formatearCentavos = (centavos: number): string => pesos.format(centavos / 100);

/** A moment as a date and time in Argentina, for example '26 de noviembre de 2026, 06:30'. */
export const formatearFecha = (fecha: Date): string => fechaYHora.format(fecha);

/** Cuts a text to `max` characters (notification titles and bodies are bounded). */
export const recortar = (texto: string, max: number): string =>
  texto.length <= max ? texto : `${texto.slice(0, max - 1)}…`;
