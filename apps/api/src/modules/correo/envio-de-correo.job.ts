import { defineQueuedJob } from '../../jobs/queued-job';
import { type CorreoService, trabajoEnviarCorreo } from './correo.service';

/**
 * Sending email (docs/decisions/039): `encolar` keeps the message and enqueues this job in the
 * caller's transaction; the job sends it, retried with the runner's backoff.
 */
export const envioDeCorreoJob = (correo: Pick<CorreoService, 'enviar'>) =>
  defineQueuedJob(trabajoEnviarCorreo, (payload, contexto) => correo.enviar(payload, contexto));
