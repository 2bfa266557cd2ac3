import type { LimiterStore } from './limiter-store.port';
import { createMemoryLimiterStore } from './memory-limiter-store';

/** After a failure, how long the shared store is left alone before it is tried again. */
const RETRY_AFTER_MS = 5_000;

export interface FallbackLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * A shared store that, while it fails, counts in this process instead (docs/decisions/036):
 * the sign-in and socket limits then hold per node, as with one node, rather than refusing
 * every sign-in (fail closed) or letting unlimited guesses through (fail open). The outage is
 * logged once when it starts and once when the shared store answers again; meanwhile the
 * shared store is tried again every RETRY_AFTER_MS, not on every request.
 */
export function withMemoryFallback(
  shared: LimiterStore,
  {
    log,
    retryAfterMs = RETRY_AFTER_MS,
  }: {
    log: FallbackLog;
    /** Tests shorten it. */
    retryAfterMs?: number;
  },
): LimiterStore {
  const memory = createMemoryLimiterStore();
  let failedAt: number | undefined;

  const run = async <T>(work: (store: LimiterStore) => Promise<T>): Promise<T> => {
    if (failedAt !== undefined && Date.now() - failedAt < retryAfterMs) return work(memory);
    try {
      const result = await work(shared);
      if (failedAt !== undefined) {
        failedAt = undefined;
        log.info(
          { almacen: shared.kind },
          'el almacén compartido de límites volvió a responder: los límites cuentan entre todos los nodos',
        );
      }
      return result;
    } catch (error) {
      if (failedAt === undefined) {
        log.error(
          { err: error, almacen: shared.kind },
          'el almacén compartido de límites no responde: los límites de inicio de sesión y de conexiones cuentan solo en este nodo hasta que vuelva',
        );
      }
      failedAt = Date.now();
      return work(memory);
    }
  };

  return {
    kind: shared.kind,
    hit: (key, windowMs) => run((store) => store.hit(key, windowMs)),
    peek: (key) => run((store) => store.peek(key)),
    decrement: (key) => run((store) => store.decrement(key)),
    acquire: (slots) => run((store) => store.acquire(slots)),
    close: () => shared.close(),
  };
}
