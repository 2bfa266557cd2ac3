import type { Clock } from '../lib/clock';
import type { JobExecutor, JobRunner } from './job-runner';
import { type PeriodicJob, schedulePeriodicJob } from './periodic-job';
import { type AnyQueuedJob, registerQueuedJob } from './queued-job';

/**
 * A job a module's manifest declares (docs/decisions/031): periodic (`defineJob`, a slot every
 * `every` ms) or queued (`defineQueuedJob`, run when something enqueues its type).
 */
// biome-ignore lint/suspicious/noExplicitAny: each periodic job carries its own cursor type.
export type DeclaredJob = PeriodicJob<any> | AnyQueuedJob;

/**
 * Registers the handler of every declared job on the runner, the one place that does (a second
 * job of one name throws). Answers the periodic ones, whose slot of now the app schedules
 * once the server listens (`programar`).
 */
export function registerJobs(
  jobs: JobRunner,
  declared: Iterable<DeclaredJob>,
  deps: { db: JobExecutor; clock: Clock },
): { name: string; programar: () => Promise<unknown> }[] {
  const periodic: { name: string; programar: () => Promise<unknown> }[] = [];
  for (const job of declared) {
    if ('every' in job) {
      periodic.push({ name: job.name, ...schedulePeriodicJob(jobs, job, deps) });
    } else {
      registerQueuedJob(jobs, job);
    }
  }
  return periodic;
}
