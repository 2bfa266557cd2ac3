import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  LEASE_MS,
  type LimiterLease,
  type LimiterSlot,
  type LimiterStore,
  type WindowCount,
} from './limiter-store.port';

/** How often a node sweeps the rows that lapsed (any node may; it is idempotent). */
const SWEEP_EVERY_MS = 60_000;

type Rows<T> = { rows: T[] };

/**
 * Counts in PostgreSQL (tables `contadores_de_limite` and `ocupaciones_de_limite`, migration
 * 0020): every node on the database shares them. A hit is one upsert, exact under concurrency
 * (the row lock orders them); the server's clock decides windows, so the nodes' clocks do not
 * matter. Places are rows this node renews every third of their lease; the same timer deletes
 * ended windows and lapsed places about once a minute.
 */
export function createPostgresLimiterStore(
  db: Database,
  {
    log,
    leaseMs = LEASE_MS,
    sweepEveryMs = SWEEP_EVERY_MS,
  }: {
    log: { warn(object: object, message: string): void };
    /** How long a place lives unrenewed, and how often dead rows are swept (tests shorten them). */
    leaseMs?: number;
    sweepEveryMs?: number;
  },
): LimiterStore {
  const held = new Map<string, string[]>();
  const pending = new Set<Promise<unknown>>();
  // Drizzle's queries run again on every `then`: one real promise per query, awaited by all.
  const track = <T>(query: PromiseLike<T>): Promise<T> => {
    const work = Promise.resolve(query);
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  };
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  const toCount = (row: { cuenta: number; resta_ms: number } | undefined): WindowCount =>
    row
      ? { count: Number(row.cuenta), ttlMs: Math.max(0, Number(row.resta_ms)) }
      : { count: 0, ttlMs: 0 };
  const inList = (keys: string[]) =>
    sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    );

  let lastSweep = Date.now();
  const maintain = async () => {
    const ids = [...held.keys()];
    if (ids.length > 0) {
      await db.execute(sql`
        update ocupaciones_de_limite
        set vence_en = now() + ${leaseMs} * interval '1 millisecond'
        where ocupante in (${inList(ids)})`);
    }
    if (Date.now() - lastSweep >= sweepEveryMs) {
      lastSweep = Date.now();
      await db.execute(sql`delete from contadores_de_limite where vence_en <= now()`);
      await db.execute(sql`delete from ocupaciones_de_limite where vence_en <= now()`);
    }
  };
  let maintaining = false;
  const timer = setInterval(() => {
    if (maintaining) return;
    maintaining = true;
    void track(
      maintain()
        .catch((error: unknown) => {
          log.warn({ err: error }, 'no se pudieron mantener los límites en la base de datos');
        })
        .finally(() => {
          maintaining = false;
        }),
    );
  }, leaseMs / 3);
  timer.unref();

  return {
    kind: 'postgres',
    hit: (key, windowMs) =>
      track(
        rows<{ cuenta: number; resta_ms: number }>(sql`
          insert into contadores_de_limite as c (clave, cuenta, vence_en)
          values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
          on conflict (clave) do update set
            cuenta = case when c.vence_en <= now() then 1 else c.cuenta + 1 end,
            vence_en = case when c.vence_en <= now() then excluded.vence_en else c.vence_en end
          returning cuenta, ceil(extract(epoch from vence_en - now()) * 1000) as resta_ms`),
      ).then(([row]) => toCount(row)),
    peek: (key) =>
      track(
        rows<{ cuenta: number; resta_ms: number }>(sql`
          select cuenta, ceil(extract(epoch from vence_en - now()) * 1000) as resta_ms
          from contadores_de_limite where clave = ${key} and vence_en > now()`),
      ).then(([row]) => toCount(row)),
    async decrement(key) {
      await track(
        db.execute(sql`
          update contadores_de_limite set cuenta = cuenta - 1
          where clave = ${key} and vence_en > now() and cuenta > 0`),
      );
    },
    async acquire(slots: readonly LimiterSlot[]): Promise<LimiterLease | undefined> {
      const id = randomUUID();
      const keys = slots.map(({ key }) => key);
      const taken = await track(
        db.transaction(async (tx) => {
          // One key at a time, in one order: two acquisitions never wait on each other in a
          // cycle. The lock makes count-then-insert exact under concurrency.
          for (const key of [...keys].sort()) {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
          }
          const { rows: counts } = (await tx.execute(sql`
            select clave, count(*)::int as n from ocupaciones_de_limite
            where clave in (${inList(keys)}) and vence_en > now()
            group by clave`)) as unknown as Rows<{ clave: string; n: number }>;
          const full = slots.some(
            ({ key, max }) => (counts.find((row) => row.clave === key)?.n ?? 0) >= max,
          );
          if (full) return false;
          await tx.execute(sql`
            insert into ocupaciones_de_limite (clave, ocupante, vence_en)
            values ${sql.join(
              keys.map(
                (key) => sql`(${key}, ${id}, now() + ${leaseMs} * interval '1 millisecond')`,
              ),
              sql`, `,
            )}`);
          return true;
        }),
      );
      if (!taken) return undefined;
      held.set(id, keys);
      return {
        release: async () => {
          if (!held.delete(id)) return;
          await track(
            db.execute(sql`
              delete from ocupaciones_de_limite
              where clave in (${inList(keys)}) and ocupante = ${id}`),
          );
        },
      };
    },
    async close() {
      clearInterval(timer);
      await Promise.allSettled([...pending]);
    },
  };
}
