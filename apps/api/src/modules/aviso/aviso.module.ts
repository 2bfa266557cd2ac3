import { defineModule } from '../api-module';
import { avisoRoutes } from './aviso.routes';
import { envioDePushJob } from './envio-de-push.job';
import { retencionDeAvisosJob } from './retencion.job';

/**
 * The notification center (docs/decisions/041): the bell's list, read marks, preferences, and
 * each notice's push to the person's devices (docs/decisions/055).
 */
export const avisoModule = defineModule({
  name: 'aviso',
  routes: [{ prefix: '/aviso', plugin: avisoRoutes }],
  jobs: (services) => [retencionDeAvisosJob(services.aviso), envioDePushJob(services.aviso)],
});
