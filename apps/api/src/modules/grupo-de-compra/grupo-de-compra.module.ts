import { defineModule } from '../api-module';
import { cancelacionDeGruposJob } from './cancelacion.job';
import { grupoDeCompraRoutes } from './grupo-de-compra.routes';

export const grupoDeCompraModule = defineModule({
  name: 'grupo-de-compra',
  routes: [{ prefix: '/grupoDeCompra', plugin: grupoDeCompraRoutes }],
  jobs: (services) => [cancelacionDeGruposJob(services.cancelacionDeGrupo)],
});
