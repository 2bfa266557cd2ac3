import { defineModule } from '../api-module';
import { direccionRoutes } from './direccion.routes';

export const direccionModule = defineModule({
  name: 'direccion',
  routes: [{ prefix: '/direccion', plugin: direccionRoutes }],
});
