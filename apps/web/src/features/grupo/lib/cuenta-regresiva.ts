const MINUTO_MS = 60_000;
const HORA_MS = 60 * MINUTO_MS;
const DIA_MS = 24 * HORA_MS;

/**
 * How long an open group has left before its deadline, the way the group page says it:
 * 'Cierra en 2 d 3 h', 'Cierra en 5 h 12 min', 'Cierra en 8 min', 'Cierra en menos de 1 min';
 * 'Plazo vencido' once it has passed (the server cancels it). Whole units, rounded down.
 */
export function textoCuentaRegresiva(fechaLimite: Date, ahora: Date): string {
  const restante = fechaLimite.getTime() - ahora.getTime();
  if (restante <= 0) return 'Plazo vencido';
  const dias = Math.floor(restante / DIA_MS);
  const horas = Math.floor((restante % DIA_MS) / HORA_MS);
  const minutos = Math.floor((restante % HORA_MS) / MINUTO_MS);
  if (dias > 0) return `Cierra en ${dias} d ${horas} h`;
  if (horas > 0) return `Cierra en ${horas} h ${minutos} min`;
  if (minutos > 0) return `Cierra en ${minutos} min`;
  return 'Cierra en menos de 1 min';
}

/** Under a day left: the countdown is shown as urgent. */
export function cierraPronto(fechaLimite: Date, ahora: Date): boolean {
  const restante = fechaLimite.getTime() - ahora.getTime();
  return restante < DIA_MS;
}
