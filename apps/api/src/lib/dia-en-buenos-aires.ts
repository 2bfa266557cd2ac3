/**
 * Days as people in Argentina count them: Buenos Aires keeps UTC−3 all year (no daylight
 * saving since 2009), so a day there begins at 03:00 UTC.
 */
export const DESFASE_BUENOS_AIRES_MS = 3 * 60 * 60_000;
const DIA_MS = 86_400_000;

/** The moment the Buenos Aires day holding `ahora` began. */
export function inicioDelDiaEnBuenosAires(ahora: Date): Date {
  const local = new Date(ahora.getTime() - DESFASE_BUENOS_AIRES_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) +
      DESFASE_BUENOS_AIRES_MS,
  );
}

/** The Buenos Aires date and time ('YYYY-MM-DD HH:mm') of `instante`. */
export const fechaYHoraEnBuenosAires = (instante: Date): string =>
  new Date(instante.getTime() - DESFASE_BUENOS_AIRES_MS)
    .toISOString()
    .slice(0, 16)
    .replace('T', ' ');

/**
 * The instants of a period of Buenos Aires days ('YYYY-MM-DD', both included): from the first
 * day's start to the start of the day after the last.
 */
export function instantesDelPeriodo(desde: string, hasta: string): { inicio: Date; fin: Date } {
  const inicio = Date.parse(`${desde}T00:00:00Z`) + DESFASE_BUENOS_AIRES_MS;
  const fin = Date.parse(`${hasta}T00:00:00Z`) + DIA_MS + DESFASE_BUENOS_AIRES_MS;
  return { inicio: new Date(inicio), fin: new Date(fin) };
}

/** Every day from `desde` to `hasta`, both included ('YYYY-MM-DD'). */
export function diasDelPeriodo(desde: string, hasta: string): string[] {
  const dias: string[] = [];
  const fin = Date.parse(`${hasta}T00:00:00Z`);
  for (let t = Date.parse(`${desde}T00:00:00Z`); t <= fin; t += DIA_MS) {
    dias.push(new Date(t).toISOString().slice(0, 10));
  }
  return dias;
}
