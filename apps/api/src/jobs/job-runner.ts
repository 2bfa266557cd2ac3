import { and, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { type EstadoTrabajo, trabajos, ULTIMO_ERROR_MAX } from '../db/schema';
import { conTiempoLimite } from '../db/tiempo-limite';
import { type Clock, systemClock } from '../lib/clock';
import { crearEsperaCreciente } from '../lib/espera-creciente';
import { newId } from '../lib/ids';
import { redactText } from '../lib/logger';

/** The database or a transaction: services enqueue inside their own transaction. */
export type JobExecutor = Pick<Database, 'insert' | 'execute'>;

type Trabajo = typeof trabajos.$inferSelect;

export interface JobContext {
  trabajoId: string;
  /** 1 on the first run. */
  intento: number;
  clock: Clock;
}

export type JobHandler<S extends z.ZodType> = (
  payload: z.output<S>,
  context: JobContext,
) => Promise<void>;

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export interface EnqueueOptions {
  tipo: string;
  payload: unknown;
  /** Not before this instant (default: now). */
  ejecutarDesde?: Date;
  /** Dedupe key: a second enqueue with the same key keeps the first job. */
  clave?: string;
  /** Defaults to the handler's, then the runner's. */
  maxIntentos?: number;
  /**
   * The payload's shape, from the job's declared type (queued-job.ts): checked against it, so
   * a process that registers no handler (the admin command line) still enqueues. Without it,
   * the registered handler's.
   */
  schema?: z.ZodType;
  /**
   * Added only if this holds when the insert runs (SQL, read by the insert's own statement):
   * lets a caller send it together with the write it depends on, in one round trip.
   */
  si?: SQL;
}

export interface JobLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  info?(object: object, message: string): void;
}

export interface JobRunnerOptions {
  db: Database;
  clock?: Clock;
  log?: JobLogger;
  /** Pause between polls when nothing is due. */
  pollIntervalMs?: number;
  /** How long a claim lasts; a job still running after it is claimed again. */
  leaseMs?: number;
  /** Jobs claimed (and run concurrently) per round. */
  batchSize?: number;
  /** The n-th failure waits min(backoffMaxMs, backoffBaseMs * 2^(n-1)). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxIntentos?: number;
  /** Told how each run ended (metrics). */
  onFinished?: (tipo: string, resultado: 'hecho' | 'reintento' | 'fallido') => void;
}

const JOB_DEFAULTS = {
  pollIntervalMs: 1000,
  leaseMs: 5 * 60_000,
  batchSize: 10,
  backoffBaseMs: 5_000,
  backoffMaxMs: 60 * 60_000,
  maxIntentos: 5,
} as const;

/**
 * The most rows of each state (pending, running) the queue's gauges read: past it they count
 * this many (the pending ones read are the longest due, so the oldest's age stays exact).
 */
export const EN_COLA_LIMITE = 10_000;

/** One job type's queue as the operator's gauges show it (GET /metrics). */
export interface ColaDeTrabajos {
  tipo: string;
  /** Waiting (`pendiente`), due or not yet, retries included; at most EN_COLA_LIMITE. */
  pendientes: number;
  /** Claimed by a runner (`en_curso`), its lease running or run out. */
  enCurso: number;
  /** How long the longest due pending job has waited past its `ejecutar_desde` (0 if none). */
  antiguedadSegundos: number;
}

const LEASE_EXPIRED_ON_LAST_TRY =
  'El bloqueo venció durante el último intento (el proceso que lo ejecutaba se detuvo).';

export type JobRunner = ReturnType<typeof createJobRunner>;

/**
 * Background jobs kept in the `trabajos` table and run in this process. Every process polls;
 * `FOR UPDATE SKIP LOCKED` and a lease make each job run once at a time across processes, and
 * the attempt count fences a runner whose lease ran out.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock = systemClock, log, onFinished } = options;
  const settings = {
    pollIntervalMs: options.pollIntervalMs ?? JOB_DEFAULTS.pollIntervalMs,
    leaseMs: options.leaseMs ?? JOB_DEFAULTS.leaseMs,
    batchSize: options.batchSize ?? JOB_DEFAULTS.batchSize,
    backoffBaseMs: options.backoffBaseMs ?? JOB_DEFAULTS.backoffBaseMs,
    backoffMaxMs: options.backoffMaxMs ?? JOB_DEFAULTS.backoffMaxMs,
    maxIntentos: options.maxIntentos ?? JOB_DEFAULTS.maxIntentos,
  };
  for (const key of ['pollIntervalMs', 'leaseMs', 'batchSize', 'backoffBaseMs'] as const) {
    if (!(settings[key] >= 1)) throw new RangeError(`${key} must be at least 1`);
  }

  const handlers = new Map<
    string,
    { schema: z.ZodType; handle: JobHandler<z.ZodType>; maxIntentos?: number }
  >();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  // While the database is away every round fails: wait longer each time, log it once.
  const espera = crearEsperaCreciente({
    intervaloMs: settings.pollIntervalMs,
    log,
    que: 'los trabajos en segundo plano',
  });

  const backoffMs = (intento: number) =>
    Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** (intento - 1));

  /** Claims up to `limit` due jobs in one short transaction; returns those to run. */
  async function claim(limit: number): Promise<Trabajo[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: trabajos.id,
          intentos: trabajos.intentos,
          maxIntentos: trabajos.maxIntentos,
        })
        .from(trabajos)
        .where(
          or(
            and(eq(trabajos.estado, 'pendiente'), lte(trabajos.ejecutarDesde, now)),
            and(eq(trabajos.estado, 'en_curso'), lte(trabajos.bloqueadoHasta, now)),
          ),
        )
        .orderBy(trabajos.ejecutarDesde)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];

      // A lease that ran out on the last attempt: the job has had all its tries.
      const exhausted = due.filter((row) => row.intentos >= row.maxIntentos).map((row) => row.id);
      if (exhausted.length > 0) {
        await tx
          .update(trabajos)
          .set({
            estado: 'fallido',
            bloqueadoHasta: null,
            ultimoError: LEASE_EXPIRED_ON_LAST_TRY,
            actualizadoEn: now,
          })
          .where(inArray(trabajos.id, exhausted));
        log?.error({ trabajos: exhausted }, 'trabajo fallido: bloqueo vencido');
      }
      const runnable = due.filter((row) => row.intentos < row.maxIntentos).map((row) => row.id);
      if (runnable.length === 0) return [];
      return tx
        .update(trabajos)
        .set({
          estado: 'en_curso',
          intentos: sql`${trabajos.intentos} + 1`,
          bloqueadoHasta: new Date(now.getTime() + settings.leaseMs),
          actualizadoEn: now,
        })
        .where(inArray(trabajos.id, runnable))
        .returning();
    });
  }

  /** Records how a claimed job ended, unless its claim was lost (lease out, claimed again). */
  async function settle(
    trabajo: Trabajo,
    result: { estado: EstadoTrabajo; ejecutarDesde?: Date; ultimoError?: string | null },
  ) {
    const updated = await db
      .update(trabajos)
      .set({ ...result, bloqueadoHasta: null, actualizadoEn: clock.now() })
      .where(
        and(
          eq(trabajos.id, trabajo.id),
          eq(trabajos.estado, 'en_curso'),
          eq(trabajos.intentos, trabajo.intentos),
        ),
      )
      .returning({ id: trabajos.id });
    if (updated.length === 0) {
      log?.warn(
        { trabajoId: trabajo.id, tipo: trabajo.tipo },
        'trabajo terminado después de perder su bloqueo; no se registra',
      );
    }
  }

  async function execute(trabajo: Trabajo): Promise<void> {
    try {
      const handler = handlers.get(trabajo.tipo);
      if (!handler) throw new PermanentJobError(`No hay manejador para el tipo "${trabajo.tipo}".`);
      const parsed = handler.schema.safeParse(trabajo.payload);
      if (!parsed.success) throw new PermanentJobError(`Payload inválido: ${parsed.error.message}`);
      await handler.handle(parsed.data, {
        trabajoId: trabajo.id,
        intento: trabajo.intentos,
        clock,
      });
    } catch (error) {
      const ultimoError = errorText(error);
      const giveUp = error instanceof PermanentJobError || trabajo.intentos >= trabajo.maxIntentos;
      onFinished?.(trabajo.tipo, giveUp ? 'fallido' : 'reintento');
      log?.[giveUp ? 'error' : 'warn'](
        { trabajoId: trabajo.id, tipo: trabajo.tipo, intento: trabajo.intentos, ultimoError },
        giveUp ? 'trabajo fallido' : 'trabajo falló; se reintentará',
      );
      await settle(
        trabajo,
        giveUp
          ? { estado: 'fallido', ultimoError }
          : {
              estado: 'pendiente',
              ultimoError,
              ejecutarDesde: new Date(clock.now().getTime() + backoffMs(trabajo.intentos)),
            },
      );
      return;
    }
    onFinished?.(trabajo.tipo, 'hecho');
    await settle(trabajo, { estado: 'hecho', ultimoError: null });
  }

  /** Claims and runs batches until nothing is due (or the runner stops, when polling). */
  async function drain(whilePolling: boolean): Promise<number> {
    let ran = 0;
    while (!(whilePolling && stopped)) {
      const claimed = await claim(settings.batchSize);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map(execute));
      ran += claimed.length;
    }
    return ran;
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      timer = undefined;
      let siguiente = settings.pollIntervalMs;
      round = drain(true)
        .then(
          () => {
            siguiente = espera.exito();
          },
          (error: unknown) => {
            siguiente = espera.fallo(error);
          },
        )
        .finally(() => {
          round = undefined;
          if (!stopped && !timer) schedule(siguiente);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    /** Adds the handler of one job type; its payload is parsed with `schema` before it runs. */
    register<S extends z.ZodType>(
      tipo: string,
      schema: S,
      handle: JobHandler<S>,
      handlerOptions: { maxIntentos?: number } = {},
    ): void {
      if (handlers.has(tipo)) throw new Error(`Job type "${tipo}" is already registered`);
      handlers.set(tipo, {
        schema,
        handle: handle as JobHandler<z.ZodType>,
        maxIntentos: handlerOptions.maxIntentos,
      });
    },

    /**
     * Adds a job, in the caller's transaction when given one. Returns its id, or undefined
     * when a job with the same `clave` already exists.
     */
    async enqueue(executor: JobExecutor, job: EnqueueOptions): Promise<string | undefined> {
      const handler = handlers.get(job.tipo);
      const schema = job.schema ?? handler?.schema;
      if (!schema) throw new Error(`No handler registered for job type "${job.tipo}"`);
      const payload = schema.parse(job.payload);
      const now = clock.now();
      const maxIntentos = job.maxIntentos ?? handler?.maxIntentos ?? settings.maxIntentos;
      if (job.si) {
        const desde = (job.ejecutarDesde ?? now).toISOString();
        const { rows } = (await executor.execute(sql`
          insert into ${trabajos}
            (id, tipo, payload, max_intentos, ejecutar_desde, clave, creado_en, actualizado_en)
          select ${newId()}, ${job.tipo}, ${JSON.stringify(payload)}::jsonb, ${maxIntentos},
            ${desde}::timestamptz, ${job.clave ?? null}, ${now.toISOString()}::timestamptz,
            ${now.toISOString()}::timestamptz
          where ${job.si}
          on conflict (clave) do nothing
          returning id`)) as unknown as { rows: { id: string }[] };
        return rows[0]?.id;
      }
      const inserted = await executor
        .insert(trabajos)
        .values({
          id: newId(),
          tipo: job.tipo,
          payload,
          maxIntentos,
          ejecutarDesde: job.ejecutarDesde ?? now,
          clave: job.clave,
          creadoEn: now,
          actualizadoEn: now,
        })
        .onConflictDoNothing({ target: trabajos.clave })
        .returning({ id: trabajos.id });
      return inserted[0]?.id;
    },

    /**
     * The queue by job type, every registered type included (at 0): for the gauges a metrics
     * scrape reads. Bounded twice: each state reads at most EN_COLA_LIMITE rows through its
     * partial index, and PostgreSQL cancels the statement after `tiempoLimiteMs`.
     */
    async enCola({ tiempoLimiteMs = 1_000 } = {}): Promise<ColaDeTrabajos[]> {
      const ahora = clock.now().toISOString();
      const { rows } = (await conTiempoLimite(db, tiempoLimiteMs, (tx) =>
        tx.execute(sql`
          WITH vivos AS (
            (SELECT tipo, estado, ejecutar_desde FROM ${trabajos}
              WHERE estado = 'pendiente' ORDER BY ejecutar_desde LIMIT ${EN_COLA_LIMITE})
            UNION ALL
            (SELECT tipo, estado, ejecutar_desde FROM ${trabajos}
              WHERE estado = 'en_curso' LIMIT ${EN_COLA_LIMITE})
          )
          SELECT tipo,
            (count(*) FILTER (WHERE estado = 'pendiente'))::int AS pendientes,
            (count(*) FILTER (WHERE estado = 'en_curso'))::int AS en_curso,
            coalesce(extract(epoch FROM ${ahora}::timestamptz - min(ejecutar_desde)
              FILTER (WHERE estado = 'pendiente' AND ejecutar_desde <= ${ahora}::timestamptz)),
              0)::float8 AS antiguedad
          FROM vivos GROUP BY tipo`),
      )) as unknown as {
        rows: { tipo: string; pendientes: number; en_curso: number; antiguedad: number }[];
      };
      const cola = new Map<string, ColaDeTrabajos>(
        [...handlers.keys()].map((tipo) => [
          tipo,
          { tipo, pendientes: 0, enCurso: 0, antiguedadSegundos: 0 },
        ]),
      );
      for (const row of rows) {
        cola.set(row.tipo, {
          tipo: row.tipo,
          pendientes: Number(row.pendientes),
          enCurso: Number(row.en_curso),
          antiguedadSegundos: Math.max(0, Number(row.antiguedad)),
        });
      }
      return [...cola.values()];
    },

    /** Runs every job due now, once, and returns how many ran (tests; no timers needed). */
    runDue: () => drain(false),

    /** Starts polling (unref'd timers: it never keeps the process alive). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      // A round still finishing after a stop() schedules the next poll itself.
      if (!round) schedule(0);
    },

    /** Stops polling and waits for the jobs that are running to finish and be recorded. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await round;
    },
  };
}

/** The error's message without secrets or personal data, bounded for `ultimo_error`. */
function errorText(error: unknown): string {
  const text = redactText(
    error instanceof Error ? `${error.name}: ${error.message}` : 'Error desconocido',
  );
  if (text.length <= ULTIMO_ERROR_MAX) return text;
  return `${text.slice(0, ULTIMO_ERROR_MAX - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
}
