import { defineModule } from '../api-module';
import { coberturaRoutes } from './cobertura.routes';

export const coberturaModule = defineModule({
  name: 'cobertura',
  routes: [{ prefix: '/cobertura', plugin: coberturaRoutes }],
});
