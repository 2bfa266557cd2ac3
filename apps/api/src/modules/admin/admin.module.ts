import { defineModule } from '../api-module';
import { adminRoutes } from './admin.routes';

export const adminModule = defineModule({
  name: 'admin',
  routes: [{ prefix: '/admin', plugin: adminRoutes }],
});
