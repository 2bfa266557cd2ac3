import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { LimiterStore } from './limiter-store.port';

/** How often a failing store is logged at most, while it keeps failing. */
const LOG_EVERY_MS = 60_000;

/**
 * The store options of `@fastify/rate-limit` (the per-address limit of /api) for a limiter
 * store: a store over `store` when it is shared (Redis, through its circuit breaker, or
 * PostgreSQL), the plugin's own in-memory store otherwise. With a shared store that fails,
 * requests pass (`skipOnError`, docs/decisions/036): this limit only sheds floods, and refusing
 * every request because a counter is unreachable would take the whole API down with it.
 */
export function rateLimitStoreOptions(
  store: LimiterStore,
  { log }: { log: { warn(object: object, message: string): void } },
): Pick<RateLimitPluginOptions, 'store' | 'skipOnError'> {
  if (store.kind === 'memory') return {};
  return { store: storeOver(store, log), skipOnError: true };
}

function storeOver(
  store: LimiterStore,
  log: { warn(object: object, message: string): void },
): FastifyRateLimitStoreCtor {
  let loggedAt = Number.NEGATIVE_INFINITY;
  const failed = (error: unknown) => {
    if (Date.now() - loggedAt < LOG_EVERY_MS) return;
    loggedAt = Date.now();
    log.warn(
      { err: error, almacen: store.kind },
      'no se pudo contar el límite de solicitudes de /api; las solicitudes pasan sin contar',
    );
  };
  const withNamespace = (
    namespace: string,
  ): FastifyRateLimitStore & {
    read(key: string, callback: Callback): void;
  } => ({
    incr(key, callback, timeWindow) {
      store.hit(namespace + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => {
          failed(error);
          callback(error);
        },
      );
    },
    read(key, callback) {
      store.peek(namespace + key).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => {
          failed(error);
          callback(error);
        },
      );
    },
    // A route's own limit counts apart from the scope's (as the plugin's own stores do).
    child: (routeOptions) => {
      const { routeInfo } = routeOptions as unknown as {
        routeInfo?: { method?: string; url?: string };
      };
      return withNamespace(`${namespace}${routeInfo?.method}${routeInfo?.url}-`);
    },
  });
  return class {
    constructor() {
      // biome-ignore lint/correctness/noConstructorReturn: the plugin wants a class; the store is a closure.
      return withNamespace('api:');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
