import { defineModule } from '../api-module';
import { envioRoutes } from './envio.routes';

export const envioModule = defineModule({
  name: 'envio',
  routes: [{ prefix: '/envio', plugin: envioRoutes }],
});
