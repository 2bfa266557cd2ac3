import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import * as schema from '../../db/schema';
import { openTestDatabase } from '../../test/test-database';
import { withMemoryFallback } from './fallback-limiter-store';
import type { LimiterLease, LimiterStore } from './limiter-store.port';
import { limiterRedisClient } from './limiter-store-from-config';
import { createMemoryLimiterStore } from './memory-limiter-store';
import { createPostgresLimiterStore } from './postgres-limiter-store';
import { createRedisLimiterStore } from './redis-limiter-store';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined };

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Where one kind of store keeps its counts; `node()` is one more API node on it. */
interface Backend {
  /** Whether nodes share counts (and places lapse when their node stops renewing them). */
  shared: boolean;
  node(options?: { leaseMs?: number }): Promise<LimiterStore>;
  close(): Promise<void>;
}

const key = (name: string) => `prueba:${name}:${randomBytes(4).toString('hex')}`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The behaviour every store has, run against each kind. */
function storeContract(kind: string, open: () => Promise<Backend>) {
  describe(`${kind} limiter store`, () => {
    let backend: Backend;
    const stores: LimiterStore[] = [];
    const node = async (options?: { leaseMs?: number }) => {
      const store = await backend.node(options);
      stores.push(store);
      return store;
    };
    beforeAll(async () => {
      backend = await open();
    });
    afterAll(async () => {
      for (const store of stores) await store.close();
      await backend?.close();
    });

    it('counts hits in a window, peeks without counting, and keeps keys apart', async () => {
      const store = await node();
      const k = key('cuenta');
      expect(await store.peek(k)).toEqual({ count: 0, ttlMs: 0 });
      const first = await store.hit(k, 60_000);
      expect(first.count).toBe(1);
      expect(first.ttlMs).toBeGreaterThan(55_000);
      expect(first.ttlMs).toBeLessThanOrEqual(60_000);
      expect((await store.hit(k, 60_000)).count).toBe(2);
      const peeked = await store.peek(k);
      expect(peeked.count).toBe(2);
      expect(peeked.ttlMs).toBeGreaterThan(0);
      expect((await store.peek(k)).count).toBe(2);
      expect((await store.hit(key('otra'), 60_000)).count).toBe(1);
    });

    it('takes a hit back while its window lives, never below zero', async () => {
      const store = await node();
      const k = key('descuento');
      await store.decrement(k);
      expect(await store.peek(k)).toEqual({ count: 0, ttlMs: 0 });
      await store.hit(k, 60_000);
      await store.hit(k, 60_000);
      await store.decrement(k);
      expect((await store.peek(k)).count).toBe(1);
      await store.decrement(k);
      await store.decrement(k);
      expect((await store.peek(k)).count).toBe(0);
      expect((await store.hit(k, 60_000)).count).toBe(1);
    });

    it('starts a new window once the window ended', async () => {
      const store = await node();
      const k = key('ventana');
      await store.hit(k, 300);
      expect((await store.hit(k, 300)).count).toBe(2);
      await until(async () => (await store.peek(k)).count === 0, 'the window to end');
      const next = await store.hit(k, 60_000);
      expect(next.count).toBe(1);
      // The new window is the new hit's, not what was left of the old one.
      expect(next.ttlMs).toBeGreaterThan(55_000);
    });

    it('counts concurrent hits from two nodes exactly', async () => {
      const [a, b] = [await node(), await node()];
      // Memory is one node's own: there both halves go to the same store.
      const pick = (i: number) => (backend.shared && i % 2 === 0 ? b : a);
      const k = key('concurrente');
      const counts = await Promise.all(oneTo(200).map((i) => pick(i).hit(k, 60_000)));
      expect(sorted(counts.map((c) => c.count))).toEqual(oneTo(200));
      expect((await b.peek(k)).count).toBe(backend.shared ? 200 : 0);
      expect((await a.peek(k)).count).toBe(200);
    });

    it('takes places up to each key’s max, all or none, and gives them back', async () => {
      const store = await node();
      const total = { key: key('total'), max: 3 };
      const anonimas = { key: key('anonimas'), max: 2 };
      const first = await store.acquire([total, anonimas]);
      const second = await store.acquire([total, anonimas]);
      expect(first && second).toBeTruthy();
      // The anonymous key is full: refused, and the total key kept its room.
      expect(await store.acquire([total, anonimas])).toBeUndefined();
      const signedIn = await store.acquire([total]);
      expect(signedIn).toBeTruthy();
      expect(await store.acquire([total])).toBeUndefined();
      await first?.release();
      await first?.release();
      expect(await store.acquire([total, anonimas])).toBeTruthy();
      expect(await store.acquire([total])).toBeUndefined();
    });

    it('hands out exactly max places to concurrent acquisitions from two nodes', async () => {
      const [a, b] = [await node(), await node()];
      const slot = { key: key('lugares'), max: 7 };
      const pick = (i: number) => (backend.shared && i % 2 === 0 ? b : a);
      const leases = await Promise.all(oneTo(40).map((i) => pick(i).acquire([slot])));
      const taken = leases.filter((lease): lease is LimiterLease => lease !== undefined);
      expect(taken).toHaveLength(7);
      await Promise.all(taken.map((lease) => lease.release()));
      expect(await a.acquire([slot])).toBeTruthy();
    });

    it.runIf(kind !== 'memory')(
      'lets the places of a node that stopped renewing lapse, and keeps a live node’s',
      async () => {
        const leaseMs = 600;
        const live = await node({ leaseMs });
        const dead = await node({ leaseMs });
        const slot = { key: key('caido'), max: 2 };
        expect(await live.acquire([slot])).toBeTruthy();
        expect(await dead.acquire([slot])).toBeTruthy();
        // The node dies: it neither releases nor renews.
        await dead.close();
        const other = await node({ leaseMs });
        expect(await other.acquire([slot])).toBeUndefined();
        let lease: LimiterLease | undefined;
        await until(async () => {
          lease = await other.acquire([slot]);
          return lease !== undefined;
        }, 'the dead node’s place to lapse');
        // Taken at the same time as the dead one, the live node's place is still counted.
        expect(await other.acquire([slot])).toBeUndefined();
      },
    );
  });
}

storeContract('memory', async () => ({
  shared: false,
  node: async () => createMemoryLimiterStore(),
  close: async () => undefined,
}));

describe('memory limiter store bound', () => {
  it('keeps at most maxWindows windows, dropping the oldest', async () => {
    const store = createMemoryLimiterStore({ maxWindows: 3 });
    for (const k of ['a', 'b', 'c', 'd']) await store.hit(k, 60_000);
    expect((await store.peek('a')).count).toBe(0);
    expect((await store.peek('d')).count).toBe(1);
  });
});

describe.skipIf(!serverUrl)('on PostgreSQL', () => {
  storeContract('postgres', async () => {
    const first = await openTestDatabase();
    await first.migrate();
    const { rows } = (await first.db.execute(sql`select current_database() as nombre`)) as {
      rows: { nombre: string }[];
    };
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${rows[0]?.nombre}`;
    const pools: pg.Pool[] = [];
    return {
      shared: true,
      // Each node with a pool of its own, as separate processes would have.
      node: async ({ leaseMs } = {}) => {
        // A small pool: the test server is shared, and its connections are few.
        const pool = new pg.Pool({ connectionString: url.toString(), max: 3 });
        // The database is dropped with FORCE at the end, which ends connections pool.end()
        // has not finished closing yet.
        pool.on('error', () => undefined);
        pools.push(pool);
        return createPostgresLimiterStore(drizzle(pool, { schema }), { log: quiet, leaseMs });
      },
      close: async () => {
        for (const pool of pools) await pool.end();
        await first.close();
      },
    };
  });
});

describe.skipIf(!serverUrl)('PostgreSQL limiter store sweep', () => {
  let database: DatabaseHandle;
  let store: LimiterStore | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(async () => {
    await store?.close();
    await database?.close();
  });

  it('deletes the windows that ended and the places that lapsed', async () => {
    const count = async (table: 'contadores_de_limite' | 'ocupaciones_de_limite') => {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      )) as { rows: { n: number }[] };
      return rows[0]?.n ?? 0;
    };
    // A node that dies holding a place leaves its row behind, and so does an ended window.
    const dead = createPostgresLimiterStore(database.db, { log: quiet, leaseMs: 300 });
    await dead.hit(key('barrido'), 100);
    expect(await dead.acquire([{ key: key('barrido'), max: 1 }])).toBeTruthy();
    await dead.close();
    expect(await count('contadores_de_limite')).toBe(1);
    expect(await count('ocupaciones_de_limite')).toBe(1);
    // A live node sweeps them.
    store = createPostgresLimiterStore(database.db, { log: quiet, leaseMs: 150, sweepEveryMs: 0 });
    await store.hit(key('vigente'), 60_000);
    await until(
      async () =>
        (await count('contadores_de_limite')) === 1 && (await count('ocupaciones_de_limite')) === 0,
      'the sweep',
    );
  });
});

describe.skipIf(!redisUrl)('on Redis', () => {
  const prefix = `cg-test-${randomBytes(6).toString('hex')}:`;
  const connected = async () => {
    const redis = limiterRedisClient(redisUrl ?? '');
    await redis.connect();
    return redis;
  };
  afterAll(async () => {
    const redis = new Redis(redisUrl ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  storeContract('redis', async () => ({
    shared: true,
    node: async ({ leaseMs } = {}) =>
      createRedisLimiterStore(await connected(), { prefix, log: quiet, leaseMs }),
    close: async () => undefined,
  }));

  /** A loopback TCP proxy to Redis that can be taken down and brought back on its port. */
  function redisProxy() {
    const target = new URL(redisUrl ?? '');
    const sockets = new Set<Socket>();
    let server: Server | undefined;
    let port = 0;
    return {
      start: () =>
        new Promise<number>((resolve) => {
          const listening = createServer((client) => {
            const upstream = connect(Number(target.port || 6379), target.hostname);
            for (const socket of [client, upstream]) {
              sockets.add(socket);
              socket.on('close', () => sockets.delete(socket));
              socket.on('error', () => socket.destroy());
            }
            client.pipe(upstream).pipe(client);
          });
          server = listening;
          listening.listen(port, '127.0.0.1', () => {
            port = (listening.address() as { port: number }).port;
            resolve(port);
          });
        }),
      stop: () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          server?.close(() => resolve());
        }),
    };
  }

  it('counts in memory while Redis is unreachable, says so once, and goes back to Redis', async () => {
    const proxy = redisProxy();
    const port = await proxy.start();
    const redis = limiterRedisClient(`redis://127.0.0.1:${port}`);
    await redis.connect();
    const errors: string[] = [];
    const infos: string[] = [];
    const store = withMemoryFallback(createRedisLimiterStore(redis, { prefix, log: quiet }), {
      log: { error: (_o, message) => errors.push(message), info: (_o, m) => infos.push(m) },
      retryAfterMs: 50,
    });
    const k = key('caida');
    for (let i = 0; i < 5; i += 1) await store.hit(k, 60_000);
    expect((await store.peek(k)).count).toBe(5);

    await proxy.stop();
    await until(() => redis.status !== 'ready', 'the client to notice');
    // Redis is away: this node counts on its own, from zero, and said so once.
    expect((await store.hit(k, 60_000)).count).toBe(1);
    expect((await store.hit(k, 60_000)).count).toBe(2);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/no responde/);

    await proxy.start();
    await until(async () => (await store.peek(k)).count === 5, 'the counts in Redis again');
    expect(infos).toHaveLength(1);
    expect(infos[0]).toMatch(/volvió a responder/);
    expect(errors).toHaveLength(1);
    await store.close();
    await proxy.stop();
  });
});
