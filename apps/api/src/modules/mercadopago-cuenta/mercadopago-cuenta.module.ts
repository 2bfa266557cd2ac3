import { defineModule } from '../api-module';
import { renovacionDeTokensJob } from './mercadopago-renovacion.job';
import { mercadoPagoVinculacionRoutes } from './mercadopago-vinculacion.routes';

/** The seller's Mercado Pago account: linking (oauth/mercadopago) and token renewal. */
export const mercadoPagoCuentaModule = defineModule({
  name: 'mercadopago-cuenta',
  routes: [{ prefix: '/oauth/mercadopago', plugin: mercadoPagoVinculacionRoutes }],
  jobs: (services) => [renovacionDeTokensJob(services.mercadoPago)],
});
