import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { withMemoryFallback } from './fallback-limiter-store';
import { conInterruptor, crearInterruptor } from './interruptor';
import type { LimiterStore } from './limiter-store.port';
import { createMemoryLimiterStore } from './memory-limiter-store';
import { createPostgresLimiterStore } from './postgres-limiter-store';
import { rateLimitStoreOptions } from './rate-limit-store';
import { createRedisLimiterStore } from './redis-limiter-store';

export interface Limiters {
  /** The keyed limits (sign-in, the test issuer) and the socket connections count here. */
  store: LimiterStore;
  /** What the per-address limit of /api (`@fastify/rate-limit`) counts with. */
  rateLimit: Pick<RateLimitPluginOptions, 'store' | 'skipOnError'>;
  /** True while the circuit to Redis is open (always false without Redis). */
  circuitoAbierto: () => boolean;
}

interface Log {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Where every limiter counts (docs/decisions/036): Redis when REDIS_URL is set, else the
 * PostgreSQL database when the app runs on one (DATABASE_URL), else this process's memory
 * (one node). A shared store that fails falls back to memory for sign-in and sockets, and lets
 * /api requests through uncounted (see each store's notes).
 */
export async function createLimiters(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'REDIS_COMMAND_TIMEOUT_MS'>,
  database: DatabaseHandle,
  log: Log,
): Promise<Limiters> {
  const limiters = await chooseLimiters(config, database, log);
  log.info(
    { almacen: limiters.store.kind },
    limiters.store.kind === 'memory'
      ? 'los límites de solicitudes cuentan en la memoria de este nodo'
      : 'los límites de solicitudes cuentan entre todos los nodos',
  );
  return limiters;
}

async function chooseLimiters(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX' | 'REDIS_COMMAND_TIMEOUT_MS'>,
  database: DatabaseHandle,
  log: Log,
): Promise<Limiters> {
  if (config.REDIS_URL) {
    const redis = await connectRedis(config.REDIS_URL, config.REDIS_COMMAND_TIMEOUT_MS, log);
    // A Redis that stops answering costs a request REDIS_COMMAND_TIMEOUT_MS a few times, then
    // nothing while the circuit is open (docs/decisions/048).
    const interruptor = crearInterruptor({ log, nombre: 'Redis (REDIS_URL)' });
    const shared = conInterruptor(
      createRedisLimiterStore(redis, { prefix: config.REDIS_KEY_PREFIX, log }),
      interruptor,
    );
    return {
      store: withMemoryFallback(shared, { log }),
      rateLimit: rateLimitStoreOptions(shared, { log }),
      circuitoAbierto: interruptor.abierto,
    };
  }
  const cerrado = () => false;
  if (database.kind === 'postgres') {
    const shared = createPostgresLimiterStore(database.db, { log });
    return {
      store: withMemoryFallback(shared, { log }),
      rateLimit: rateLimitStoreOptions(shared, { log }),
      circuitoAbierto: cerrado,
    };
  }
  const store = createMemoryLimiterStore();
  return { store, rateLimit: rateLimitStoreOptions(store, { log }), circuitoAbierto: cerrado };
}

/** The Redis client of the limiters, not connected yet (see `connectRedis`). */
export const limiterRedisClient = (url: string, commandTimeoutMs = 200) =>
  new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });

/**
 * A Redis client that never makes a request wait for Redis: no offline queue (a command
 * while disconnected fails at once), a second at most per command, reconnection forever in
 * the background. The start waits for the first connection, and goes on without it (logged)
 * when Redis is not there: the limits count per node until it is.
 */
async function connectRedis(url: string, commandTimeoutMs: number, log: Log): Promise<Redis> {
  const redis = limiterRedisClient(url, commandTimeoutMs);
  let down = false;
  // The error of every reconnection attempt would flood the log: one line per outage.
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.error({ err: error }, 'no se pudo conectar con Redis (REDIS_URL); se reintenta solo');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, 'la conexión con Redis (REDIS_URL) volvió');
  });
  await redis.connect().catch(() => undefined);
  return redis;
}
