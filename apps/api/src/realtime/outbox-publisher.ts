import { serverToClientSchemas } from '@compra-grupal/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';
import { crearEsperaCreciente } from '../lib/espera-creciente';
import type { MetricsPort } from '../metrics/metrics.port';
import { CLASE_CERROJO_DE_SALA, type OutboxEvent } from './outbox.repository';

/** Any constant every process shares: the one publisher at a time holds it. */
export const PUBLISHER_LOCK_KEY = 4_217_011_002;

/** SQLSTATE `lock_not_available`: the wait for the turn ran past `lock_timeout`. */
const LOCK_NOT_AVAILABLE = '55P03';

const OUTBOX_DEFAULTS = {
  /** A safety net: commits kick the publisher at once; polling finds what a crash left. */
  pollIntervalMs: 1000,
  batchSize: 200,
} as const;

/**
 * After a round that left a room to its writers, the next round comes this soon, then twice as
 * late each time rooms are left again, up to the poll interval (a writer stuck in a room is not
 * polled for in a loop).
 */
const FIRST_RETRY_MS = 5;

/**
 * How long a room may be left to its writers before a round queues for it, and how long it
 * queues at most (below PostgreSQL's `deadlock_timeout`, 1 s by default).
 */
const ROOM_WAIT_MS = 100;

export interface OutboxPublisherOptions {
  db: Database;
  /** Sends one event to a room on every node (socket.io with its adapter). */
  emit(sala: string, evento: OutboxEvent, payload: unknown): void;
  log?: {
    error(object: object, message: string): void;
    info?(object: object, message: string): void;
  };
  /** Told each emitted event's delay from its row's write (right before COMMIT) to its emit. */
  metrics?: Pick<MetricsPort, 'eventoPublicado'>;
  pollIntervalMs?: number;
  batchSize?: number;
}

export type OutboxPublisher = ReturnType<typeof createOutboxPublisher>;

/**
 * Publishes the outbox (`eventos_salientes`) after commit, each room's events in order, each
 * event at least once (docs/decisions/035):
 *
 * - one publisher at a time across processes (a transaction-scoped advisory lock). A round
 *   that finds another process's round holding it waits for that round to end (up to one poll
 *   interval) instead of skipping: that round may have read the outbox before this process's
 *   commit, and the event would otherwise wait for the next poll;
 * - a room's events only when no writer is between taking that room's ids and ending. Writers
 *   hold a shared lock on each room they write from before their ids to their end
 *   (`outbox.repository.ts`); the round tries each pending room's lock exclusively, never
 *   waiting, and reads the rows of the rooms it got in a later statement, whose snapshot (READ
 *   COMMITTED) sees every earlier writer of those rooms committed or gone, while later writers
 *   wait for the round and take larger ids. So a room's events go out in id order with none
 *   missing in between, and a writer that committed before another began writing goes out
 *   first. Rooms held by a writer are left for a round soon after (FIRST_RETRY_MS, doubling);
 *   a room never free for ROOM_WAIT_MS (busy writers overlapping) is queued for, briefly
 *   (`publishRoomWaiting`). A transaction stuck after writing holds back its own rooms only.
 *   Uncommitted and rolled-back rows are invisible, so they are never sent;
 * - each published event is deleted in the same transaction that published it. A process
 *   that dies between emitting and committing sends those events again: at least once.
 *
 * `kick()` runs a round right away (the unit of work calls it after every commit); polling
 * picks up the rest (events written by another process's commands, or left by a crash).
 */
export function createOutboxPublisher({
  db,
  emit,
  log,
  metrics,
  pollIntervalMs = OUTBOX_DEFAULTS.pollIntervalMs,
  batchSize = OUTBOX_DEFAULTS.batchSize,
}: OutboxPublisherOptions) {
  let round: Promise<void> | undefined;
  let kickedDuringRound = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs: number = FIRST_RETRY_MS;
  // While the database is away every round fails: poll less often each time, log it once.
  const espera = crearEsperaCreciente({
    intervaloMs: pollIntervalMs,
    log,
    que: 'los envíos de eventos en tiempo real',
  });
  let siguienteMs = pollIntervalMs;
  /** The rooms the last batch left to their writers, each with when it was first left. */
  const dejadasDesde = new Map<string, number>();

  /** Takes the publishers' turn inside `tx`, waiting for another process's round to end. */
  async function takeTurn(tx: Database): Promise<void> {
    const [turn] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${PUBLISHER_LOCK_KEY})` })
      .from(sql`(SELECT 1) AS uno`);
    if (turn?.taken) return;
    await tx.execute(
      sql.raw(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(pollIntervalMs))}`),
    );
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PUBLISHER_LOCK_KEY})`);
  }

  /**
   * Locks, without waiting, the rooms with pending events (those whose oldest event is oldest
   * first, at most a batch of rooms) and answers which it got and which it left.
   */
  async function takeRooms(tx: Database): Promise<{ salas: string[]; dejadas: string[] }> {
    const pendientes = tx
      .select({ sala: eventosSalientes.sala })
      .from(eventosSalientes)
      .groupBy(eventosSalientes.sala)
      .orderBy(sql`min(${eventosSalientes.id})`)
      .limit(batchSize)
      .as('pendientes');
    const rows = await tx
      .select({
        sala: pendientes.sala,
        tomada: sql<boolean>`pg_try_advisory_xact_lock(${sql.raw(String(CLASE_CERROJO_DE_SALA))}, hashtext(${pendientes.sala}))`,
      })
      .from(pendientes);
    return {
      salas: rows.filter((row) => row.tomada).map((row) => row.sala),
      dejadas: rows.filter((row) => !row.tomada).map((row) => row.sala),
    };
  }

  /**
   * Sends and deletes the oldest batch of events of `salas`, whose locks `tx` holds. A new
   * statement: its snapshot is taken after the locks were granted.
   */
  async function publishRooms(tx: Database, salas: string[]): Promise<number> {
    const batch = await tx
      .select({
        id: eventosSalientes.id,
        sala: eventosSalientes.sala,
        evento: eventosSalientes.evento,
        payload: eventosSalientes.payload,
        // On the database's clock, as `creado_en` is: the nodes' clocks do not enter it.
        demora: sql<number>`extract(epoch from clock_timestamp() - ${eventosSalientes.creadoEn})::float8`,
      })
      .from(eventosSalientes)
      .where(inArray(eventosSalientes.sala, salas))
      .orderBy(eventosSalientes.id)
      .limit(batchSize);
    for (const { id, sala, evento, payload, demora } of batch) {
      const schema = serverToClientSchemas[evento as OutboxEvent];
      const parsed = schema?.safeParse(payload);
      if (parsed?.success) {
        emit(sala, evento as OutboxEvent, parsed.data);
        metrics?.eventoPublicado(Math.max(0, Number(demora)));
      } else log?.error({ eventoId: id, evento }, 'evento saliente inválido: se descarta');
    }
    if (batch.length > 0) {
      await tx.delete(eventosSalientes).where(
        inArray(
          eventosSalientes.id,
          batch.map((row) => row.id),
        ),
      );
    }
    return batch.length;
  }

  /** Publishes one batch of the rooms it can take now; notes the rooms it left, and since when. */
  async function publishBatch(): Promise<number> {
    try {
      return await db.transaction(async (tx) => {
        await takeTurn(tx);
        const { salas, dejadas } = await takeRooms(tx);
        const antes = new Map(dejadasDesde);
        dejadasDesde.clear();
        for (const sala of dejadas) dejadasDesde.set(sala, antes.get(sala) ?? Date.now());
        return salas.length === 0 ? 0 : await publishRooms(tx, salas);
      });
    } catch (error) {
      // Another process's round outlasted the wait: it publishes, and polling comes back.
      if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) return 0;
      throw error;
    }
  }

  /**
   * Queues for a room its writers never left free for ROOM_WAIT_MS: a waiting exclusive
   * request makes new writers of the room queue behind it, so it is granted as soon as the
   * writers already in have ended (in the app, their COMMIT). It holds no other room while it
   * waits, and gives up after ROOM_WAIT_MS (below PostgreSQL's `deadlock_timeout`): a writer
   * stuck in the room only delays that room's next writers that long.
   */
  async function publishRoomWaiting(sala: string): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        await takeTurn(tx);
        await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${ROOM_WAIT_MS}`));
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${sql.raw(String(CLASE_CERROJO_DE_SALA))}, hashtext(${sala}))`,
        );
        dejadasDesde.delete(sala);
        await publishRooms(tx, [sala]);
      });
    } catch (error) {
      if (sqlStateOf(error) !== LOCK_NOT_AVAILABLE) throw error;
    }
  }

  async function drain(): Promise<void> {
    do {
      kickedDuringRound = false;
      while ((await publishBatch()) === batchSize) {}
      const [masVieja] = [...dejadasDesde].sort(([, a], [, b]) => a - b);
      if (masVieja && Date.now() - masVieja[1] >= ROOM_WAIT_MS)
        await publishRoomWaiting(masVieja[0]);
    } while (kickedDuringRound);
    if (dejadasDesde.size > 0) retrySoon();
    else retryMs = FIRST_RETRY_MS;
  }

  /** Comes back for the rooms a round left to their writers, later each time it has to. */
  function retrySoon(): void {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void publishNow();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, pollIntervalMs);
  }

  /** Runs a round now, or right after the one that is running. */
  function publishNow(): Promise<void> {
    if (round) {
      kickedDuringRound = true;
      return round;
    }
    round = drain()
      .then(
        () => {
          siguienteMs = espera.exito();
        },
        (error: unknown) => {
          siguienteMs = espera.fallo(error);
        },
      )
      .finally(() => {
        round = undefined;
      });
    return round;
  }

  function schedule(): void {
    timer = setTimeout(() => {
      void publishNow().finally(() => {
        if (!stopped) schedule();
      });
    }, siguienteMs);
    timer.unref();
  }

  return {
    /** After a commit: publishes what it wrote without waiting for the next poll. */
    kick(): void {
      if (!stopped) void publishNow();
    },
    /** One full round, awaited (tests, and the final round on close). */
    publishPending: publishNow,
    start(): void {
      if (!stopped) return;
      stopped = false;
      void publishNow();
      schedule();
    },
    /** Stops polling, then publishes what is left. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = undefined;
      retryTimer = undefined;
      await publishNow();
    },
  };
}

/** The SQLSTATE of a database error, whether the driver's or drizzle's wrapper of it. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
