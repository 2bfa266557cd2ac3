import { defineModule } from '../api-module';
import { tiendaRoutes } from './tienda.routes';

export const tiendaModule = defineModule({
  name: 'tienda',
  routes: [{ prefix: '/tienda', plugin: tiendaRoutes }],
});
