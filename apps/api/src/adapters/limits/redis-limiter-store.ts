import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  LEASE_MS,
  type LimiterLease,
  type LimiterSlot,
  type LimiterStore,
} from './limiter-store.port';

/** One hit: INCR, and the window's expiry when it opens (or when a key somehow has none). */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const PEEK = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return {0, 0} end
return {count, ttl}
`;

/** Takes one hit back while the window lives (a key without expiry is not a window). */
const DECREMENT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
return 1
`;

/**
 * Places are members of a sorted set per key, scored by when they lapse (Redis's own clock,
 * so the nodes' clocks do not matter): lapsed ones are dropped, then every key is checked
 * before any is taken. ARGV: the place's id, its lease in ms, then each key's max.
 */
const ACQUIRE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[i + 2]) then return 0 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 1
`;

/** Pushes a place's lapse further; a place already dropped stays dropped (XX). */
const RENEW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 1
`;

interface LimiterCommands {
  limitesHit(key: string, windowMs: number): Promise<[number, number]>;
  limitesPeek(key: string): Promise<[number, number]>;
  limitesDecrement(key: string): Promise<number>;
  limitesAcquire(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number>;
  limitesRenew(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

/**
 * Counts in Redis under `prefix` (REDIS_KEY_PREFIX): every node on the same Redis shares them.
 * Windows are keys that expire with their window; places are sorted sets (see ACQUIRE) that
 * this node renews every third of their lease while it holds them. Owns `redis`: `close`
 * quits it.
 */
export function createRedisLimiterStore(
  redis: Redis,
  {
    prefix,
    log,
    leaseMs = LEASE_MS,
  }: {
    prefix: string;
    log: { warn(object: object, message: string): void };
    /** How long a place lives unrenewed (tests shorten it). */
    leaseMs?: number;
  },
): LimiterStore {
  redis.defineCommand('limitesHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('limitesPeek', { numberOfKeys: 1, lua: PEEK });
  redis.defineCommand('limitesDecrement', { numberOfKeys: 1, lua: DECREMENT });
  redis.defineCommand('limitesAcquire', { lua: ACQUIRE });
  redis.defineCommand('limitesRenew', { lua: RENEW });
  const commands = redis as unknown as LimiterCommands;
  const held = new Map<string, string[]>();

  const renewAll = async () => {
    const renewals = [...held].map(([id, keys]) =>
      commands.limitesRenew(keys.length, ...keys, id, leaseMs),
    );
    const failed = (await Promise.allSettled(renewals)).filter((r) => r.status === 'rejected');
    if (failed.length > 0) {
      log.warn(
        { err: failed[0]?.reason, lugares: failed.length },
        'no se pudieron renovar en Redis las conexiones abiertas de este nodo; vencen solas',
      );
    }
  };
  let renewing: Promise<void> | undefined;
  const timer = setInterval(() => {
    renewing ??= renewAll().finally(() => {
      renewing = undefined;
    });
  }, leaseMs / 3);
  timer.unref();

  return {
    kind: 'redis',
    async hit(key, windowMs) {
      const [count, ttlMs] = await commands.limitesHit(prefix + key, windowMs);
      return { count, ttlMs };
    },
    async peek(key) {
      const [count, ttlMs] = await commands.limitesPeek(prefix + key);
      return { count, ttlMs };
    },
    async decrement(key) {
      await commands.limitesDecrement(prefix + key);
    },
    async acquire(slots: readonly LimiterSlot[]): Promise<LimiterLease | undefined> {
      const id = randomUUID();
      const keys = slots.map(({ key }) => prefix + key);
      const taken = await commands.limitesAcquire(
        keys.length,
        ...keys,
        id,
        leaseMs,
        ...slots.map(({ max }) => max),
      );
      if (taken !== 1) return undefined;
      held.set(id, keys);
      return {
        release: async () => {
          if (!held.delete(id)) return;
          await Promise.all(keys.map((key) => redis.zrem(key, id)));
        },
      };
    },
    async close() {
      clearInterval(timer);
      await renewing;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
