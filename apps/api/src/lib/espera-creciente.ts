/** The longest a poller waits between tries while its work keeps failing. */
export const ESPERA_MAXIMA_MS = 30_000;

export interface EsperaCrecienteLog {
  error(object: object, message: string): void;
  info?(object: object, message: string): void;
}

/**
 * The pause of a poller (the jobs, the outbox) whose rounds fail, as they do while the
 * database is away: its interval doubled for each failure in a row, up to ESPERA_MAXIMA_MS,
 * and back to the interval after a round that worked. One log line when the failures start
 * (with the first error) and one when a round works again, however long it lasted.
 */
export function crearEsperaCreciente({
  intervaloMs,
  log,
  que,
  maximaMs = ESPERA_MAXIMA_MS,
}: {
  intervaloMs: number;
  log?: EsperaCrecienteLog;
  /** What fails, for the log lines ("los trabajos en segundo plano"). */
  que: string;
  maximaMs?: number;
}) {
  let fallos = 0;
  return {
    /** After a failed round: how long to wait before the next. */
    fallo(error: unknown): number {
      fallos += 1;
      if (fallos === 1) {
        log?.error(
          { err: error },
          `fallan ${que}; se reintenta solo, cada vez más espaciado (hasta ${maximaMs / 1000} s)`,
        );
      }
      return Math.min(intervaloMs * 2 ** fallos, Math.max(maximaMs, intervaloMs));
    },
    /** After a round that worked: the usual interval. */
    exito(): number {
      if (fallos > 0) log?.info?.({ fallos }, `${que} volvieron a funcionar`);
      fallos = 0;
      return intervaloMs;
    },
  };
}
