import { defineQueuedJob } from '../../jobs/queued-job';
import { type AvisoService, trabajoEnviarPush } from './aviso.service';

/**
 * Sending a notice to the person's devices (docs/decisions/055): `avisar` enqueues this job in
 * the notice's transaction; the job sends it, retried with the runner's backoff while a push
 * service asks to try later. One runner claims it at a time, on any node (FOR UPDATE SKIP
 * LOCKED), so three nodes send it once.
 */
export const envioDePushJob = (aviso: Pick<AvisoService, 'enviarPush'>) =>
  defineQueuedJob(trabajoEnviarPush, (payload) => aviso.enviarPush(payload));
