import { defineModule } from '../api-module';
import { conciliacionJob } from './conciliacion.job';
import { crearPreferenciaRoutes } from './crear-preferencia.routes';
import { webhookRoutes } from './pago.routes';

/** Everything under /pago: creating the order's payment (crearPreferencia) and notifications. */
export const pagoModule = defineModule({
  name: 'pago',
  routes: [
    { prefix: '/pago', plugin: crearPreferenciaRoutes },
    { prefix: '/pago', plugin: webhookRoutes },
  ],
  jobs: (services) => [conciliacionJob(services.conciliacion)],
});
