/**
 * Days as people in Argentina count them: Buenos Aires keeps UTC−3 all year (no daylight
 * saving since 2009), so a day there begins at 03:00 UTC.
 */
const DESFASE_MS = 3 * 60 * 60_000;

/** The moment the Buenos Aires day holding `ahora` began. */
export function inicioDelDiaEnBuenosAires(ahora: Date): Date {
  const local = new Date(ahora.getTime() - DESFASE_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + DESFASE_MS,
  );
}
