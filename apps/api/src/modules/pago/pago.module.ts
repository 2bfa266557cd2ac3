import { defineModule } from '../api-module';
import { conciliacionJob } from './conciliacion.job';
import { crearPreferenciaRoutes } from './crear-preferencia.routes';
import { webhookRoutes } from './pago.routes';
import { sandboxRoutes } from './sandbox.routes';

/**
 * Everything under /pago: creating the order's payment (crearPreferencia) and notifications,
 * with the reconciliation; and what the payments provider runs in this app when it is the
 * sandbox: its pages (/sandbox/mercadopago) and the job that retries its notifications.
 */
export const pagoModule = defineModule({
  name: 'pago',
  routes: [
    { prefix: '/pago', plugin: crearPreferenciaRoutes },
    { prefix: '/pago', plugin: webhookRoutes },
    { prefix: '/sandbox/mercadopago', plugin: sandboxRoutes },
  ],
  jobs: (services) => [
    conciliacionJob(services.conciliacion),
    ...services.proveedorDePagos.trabajos,
  ],
});
