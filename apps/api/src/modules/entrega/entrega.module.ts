import { defineModule } from '../api-module';
import { rutasDelDiaRoutes } from './rutas-del-dia.routes';

/**
 * Delivery's routes of its own: the day as routes (docs/decisions/057). The spec's delivery
 * calls stay under /pedido, in the pedido manifest.
 */
export const entregaModule = defineModule({
  name: 'entrega',
  routes: [{ prefix: '/entrega', plugin: rutasDelDiaRoutes }],
});
