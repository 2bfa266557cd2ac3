/**
 * How the API writes dates and short texts for people (mails, notifications, share previews):
 * es-AR, in Buenos Aires time. Pesos: lib/money.ts.
 */
const fechaYHora = new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires',
  dateStyle: 'long',
  timeStyle: 'short',
});

/** A moment as a date and time in Argentina, for example '26 de noviembre de 2026, 06:30'. */
export const formatearFecha = (fecha: Date): string => fechaYHora.format(fecha);

/**
 * Cuts `texto` to at most `max` characters at a word, with an ellipsis when it was cut. Runs of
 * white space become one space, except the no-break space es-AR amounts carry ('$ 5.930').
 */
export function recortar(texto: string, max: number): string {
  const limpio = texto.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (limpio.length <= max) return limpio;
  const corte = limpio.slice(0, max - 1);
  const espacio = corte.lastIndexOf(' ');
  return `${(espacio > max / 2 ? corte.slice(0, espacio) : corte).trimEnd()}…`;
}

/** An open group's missing places, as a shared link and a notification say it. */
export const lugaresQueFaltan = (faltan: number): string =>
  faltan === 1
    ? 'Falta 1 lugar para completar el grupo'
    : `Faltan ${faltan} lugares para completar el grupo`;
