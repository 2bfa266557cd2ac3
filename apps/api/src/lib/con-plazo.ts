/** The error of a wait that ran past its limit (`conPlazo`). */
export class PlazoVencido extends Error {
  constructor(readonly ms: number) {
    super(`sin respuesta en ${ms} ms`);
    this.name = 'PlazoVencido';
  }
}

/**
 * Waits for `trabajo` at most `ms`: past it, rejects with `PlazoVencido` (the work itself goes
 * on and ends by its own limits; its late failure is swallowed, its late answer dropped).
 */
export function conPlazo<T>(trabajo: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const plazo = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PlazoVencido(ms)), ms);
    timer.unref();
  });
  trabajo.catch(() => undefined);
  return Promise.race([trabajo, plazo]).finally(() => clearTimeout(timer));
}
