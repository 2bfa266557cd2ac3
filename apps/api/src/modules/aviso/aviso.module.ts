import { defineModule } from '../api-module';
import { avisoRoutes } from './aviso.routes';
import { retencionDeAvisosJob } from './retencion.job';

/** The notification center (docs/decisions/041): the bell's list, read marks, preferences. */
export const avisoModule = defineModule({
  name: 'aviso',
  routes: [{ prefix: '/aviso', plugin: avisoRoutes }],
  jobs: (services) => [retencionDeAvisosJob(services.aviso)],
});
