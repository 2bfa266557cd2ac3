import type { z } from 'zod';
import type { EnqueueOptions, JobExecutor, JobHandler, JobRunner } from './job-runner';

/**
 * A queued job's type (docs/decisions/031): its name in `trabajos.tipo`, the shape of its
 * payload and its tries, declared once beside the code that enqueues it. Rows already queued
 * carry the name and the payload, so neither changes once released.
 */
export interface JobType<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly payload: S;
  /** Tries of one job; the runner's default without it. */
  readonly maxIntentos?: number;
}

export const defineJobType = <S extends z.ZodType>(type: JobType<S>): JobType<S> => type;

/**
 * A queued job's handler, declared by a module's manifest (`jobs`) from the services; the app
 * registers every declared one on the runner. The service that enqueues it names only its type.
 */
export interface QueuedJob<S extends z.ZodType = z.ZodType> {
  readonly type: JobType<S>;
  readonly run: JobHandler<S>;
}

/** A declared job of any payload, as lists of them hold it. */
// biome-ignore lint/suspicious/noExplicitAny: each job's payload has its own type.
export type AnyQueuedJob = QueuedJob<any>;

export const defineQueuedJob = <S extends z.ZodType>(
  type: JobType<S>,
  run: JobHandler<S>,
): QueuedJob<S> => ({ type, run });

/** What services and adapters hold of the runner: they enqueue; only jobs/ registers. */
export type JobQueue = Pick<JobRunner, 'enqueue'>;

/**
 * Adds a job of `type`, in the caller's transaction when `executor` is one: its payload is
 * checked against the type's. Answers the job's id, or undefined when `clave` was taken.
 */
export function enqueueJob<S extends z.ZodType>(
  jobs: JobQueue,
  executor: JobExecutor,
  type: JobType<S>,
  payload: z.input<S>,
  options: Omit<EnqueueOptions, 'tipo' | 'payload' | 'schema'> = {},
): Promise<string | undefined> {
  const maxIntentos = options.maxIntentos ?? type.maxIntentos;
  return jobs.enqueue(executor, {
    ...options,
    ...(maxIntentos === undefined ? {} : { maxIntentos }),
    tipo: type.name,
    payload,
    schema: type.payload,
  });
}

/** Registers a declared queued job's handler (register-jobs.ts does it for the app). */
export function registerQueuedJob<S extends z.ZodType>(jobs: JobRunner, job: QueuedJob<S>): void {
  jobs.register(
    job.type.name,
    job.type.payload,
    job.run,
    job.type.maxIntentos === undefined ? {} : { maxIntentos: job.type.maxIntentos },
  );
}
