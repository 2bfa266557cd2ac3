import { defineQueuedJob } from '../../jobs/queued-job';
import { type CuentaService, trabajoDeRecuperacion } from './cuenta.service';

/**
 * '¿Olvidaste tu contraseña?' off the request path (docs/decisions/040): the request enqueues
 * the address; this job looks the account up and sends the link.
 */
export const recuperacionJob = (cuenta: Pick<CuentaService, 'enviarRecuperacion'>) =>
  defineQueuedJob(trabajoDeRecuperacion, (payload) => cuenta.enviarRecuperacion(payload));
