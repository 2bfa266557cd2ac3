import { z } from 'zod';
import type { Clock } from '../lib/clock';
import type { JobExecutor, JobRunner } from './job-runner';

/**
 * A job that runs every `every` milliseconds on the jobs table (docs/decisions/012 and 031).
 * Time is cut in slots of `every`; each slot is one job whose `clave` names it, so however many
 * processes schedule a slot it runs once. A run schedules the next slot after now when it ends,
 * even when it fails (a runner that was down does not replay the slots it missed; a process
 * killed mid-run leaves the job to be claimed again when its lease runs out).
 */
export interface PeriodicJob<C = never> {
  /** The job type in the `trabajos` table, and the prefix of each slot's `clave`. */
  name: string;
  /** Milliseconds between runs (the slot length). */
  every: number;
  /**
   * One pass. What it returns is handed to the next slot's pass (a cursor) when the job
   * declares `carry`; when the pass fails the next slot gets what this one was handed.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a pass that carries nothing returns nothing.
  run(carried: C | undefined): Promise<C | undefined | void>;
  /** The shape of the carried value in the job's payload (JSON). */
  carry?: z.ZodType<C>;
}

/** Declares a periodic job (a module manifest lists them; the app schedules them). */
export const defineJob = <C = never>(job: PeriodicJob<C>): PeriodicJob<C> => job;

/**
 * Registers a periodic job's handler on the runner; `programar` (called once the server listens)
 * schedules the slot of now, which also restarts the chain after the service was down.
 */
export function schedulePeriodicJob<C>(
  jobs: JobRunner,
  job: PeriodicJob<C>,
  { db, clock }: { db: JobExecutor; clock: Clock },
) {
  const ranuraDeAhora = () => Math.floor(clock.now().getTime() / job.every);
  const programarRanura = (ranura: number, carried?: C) =>
    jobs.enqueue(db, {
      tipo: job.name,
      payload: carried === undefined ? { ranura } : { ranura, carried },
      clave: `${job.name}:${ranura}`,
      ejecutarDesde: new Date(ranura * job.every),
    });
  const payloadSchema = z.object({
    ranura: z.number().int().nonnegative(),
    carried: (job.carry ?? z.never()).optional(),
  });

  jobs.register(job.name, payloadSchema, async ({ ranura, carried }) => {
    let siguiente = carried as C | undefined;
    try {
      siguiente = (await job.run(carried as C | undefined)) ?? undefined;
    } finally {
      await programarRanura(Math.max(ranura, ranuraDeAhora()) + 1, siguiente);
    }
  });

  return {
    /** Schedules the slot of now (a no-op when it already is). */
    programar: () => programarRanura(ranuraDeAhora()),
  };
}
