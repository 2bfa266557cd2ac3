import { defineModule } from '../api-module';
import { estadisticasRoutes } from './estadisticas.routes';

/**
 * The numbers sellers run the business on (docs/decisions/058): a read model over the order
 * lifecycle, under the store's URLs. The team's view of money in flight is the admin's.
 */
export const estadisticaModule = defineModule({
  name: 'estadistica',
  routes: [{ prefix: '/tienda', plugin: estadisticasRoutes }],
});
