import { defineModule } from '../api-module';
import { productoRoutes } from './producto.routes';

export const productoModule = defineModule({
  name: 'producto',
  routes: [{ prefix: '/producto', plugin: productoRoutes }],
});
