import { serverToClientSchemas } from '@compra-grupal/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { eventosSalientes } from '../db/schema';
import type { OutboxEvent } from './outbox.repository';

/** Any constant every process shares: the one publisher at a time holds it. */
const PUBLISHER_LOCK_KEY = 4_217_011_002;

const OUTBOX_DEFAULTS = {
  /** A safety net: commits kick the publisher at once; polling finds what a crash left. */
  pollIntervalMs: 1000,
  batchSize: 200,
} as const;

export interface OutboxPublisherOptions {
  db: Database;
  /** Sends one event to a room on every node (socket.io with its adapter). */
  emit(sala: string, evento: OutboxEvent, payload: unknown): void;
  log?: { error(object: object, message: string): void };
  pollIntervalMs?: number;
  batchSize?: number;
}

export type OutboxPublisher = ReturnType<typeof createOutboxPublisher>;

/**
 * Publishes the outbox (`eventos_salientes`) after commit, in order, each event once:
 *
 * - one publisher at a time across processes (a transaction-scoped advisory lock; a process
 *   that does not get it leaves the round to the one that has it);
 * - only events of transactions older than every transaction still running
 *   (`pg_snapshot_xmin`), in id order, so a later event never overtakes an earlier one that
 *   is about to commit;
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
  pollIntervalMs = OUTBOX_DEFAULTS.pollIntervalMs,
  batchSize = OUTBOX_DEFAULTS.batchSize,
}: OutboxPublisherOptions) {
  let round: Promise<void> | undefined;
  let kickedDuringRound = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;

  /** Publishes one batch; answers how many events it took (0: nothing or not our turn). */
  async function publishBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const [lock] = await tx
        .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${PUBLISHER_LOCK_KEY})` })
        .from(sql`(SELECT 1) AS uno`);
      if (!lock?.locked) return 0;
      const batch = await tx
        .select()
        .from(eventosSalientes)
        .where(
          sql`${eventosSalientes.transaccion} < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`,
        )
        .orderBy(eventosSalientes.id)
        .limit(batchSize);
      if (batch.length === 0) return 0;
      for (const { id, sala, evento, payload } of batch) {
        const schema = serverToClientSchemas[evento as OutboxEvent];
        const parsed = schema?.safeParse(payload);
        if (parsed?.success) emit(sala, evento as OutboxEvent, parsed.data);
        else log?.error({ eventoId: id, evento }, 'evento saliente inválido: se descarta');
      }
      await tx.delete(eventosSalientes).where(
        inArray(
          eventosSalientes.id,
          batch.map((row) => row.id),
        ),
      );
      return batch.length;
    });
  }

  async function drain(): Promise<void> {
    do {
      kickedDuringRound = false;
      while ((await publishBatch()) === batchSize) {}
    } while (kickedDuringRound);
  }

  /** Runs a round now, or right after the one that is running. */
  function publishNow(): Promise<void> {
    if (round) {
      kickedDuringRound = true;
      return round;
    }
    round = drain()
      .catch((error: unknown) => log?.error({ err: error }, 'no se pudieron publicar eventos'))
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
    }, pollIntervalMs);
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
      timer = undefined;
      await publishNow();
    },
  };
}
