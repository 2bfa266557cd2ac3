import { defineModule } from '../api-module';
import { grupoDeCompraRoutes } from './grupo-de-compra.routes';

export const grupoDeCompraModule = defineModule({
  name: 'grupo-de-compra',
  routes: [{ prefix: '/grupoDeCompra', plugin: grupoDeCompraRoutes }],
});
