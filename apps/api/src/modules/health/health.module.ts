import { defineModule } from '../api-module';
import { healthRoutes } from './health.routes';

export const healthModule = defineModule({
  name: 'health',
  routes: [{ prefix: '', plugin: healthRoutes }],
});
