import { defineModule } from '../api-module';
import { categoriaRoutes } from './categoria.routes';

export const categoriaModule = defineModule({
  name: 'categoria',
  routes: [{ prefix: '/categoria', plugin: categoriaRoutes }],
});
