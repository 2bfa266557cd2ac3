import { defineQueuedJob } from '../../jobs/queued-job';
import { type EnvioEnGrupo, trabajoLiquidarEnvioEnGrupo } from './envio-en-grupo.service';

/** Settles a store's 'Entrega en grupo' after one of its groups closed (docs/decisions/057). */
export const liquidacionDeEnvioEnGrupoJob = (service: Pick<EnvioEnGrupo, 'liquidar'>) =>
  defineQueuedJob(trabajoLiquidarEnvioEnGrupo, async ({ grupoId }) => {
    await service.liquidar(grupoId);
  });
