import { defineModule } from '../api-module';
import { googleAuthRoutes } from './google-auth.routes';
import { recuperacionJob } from './recuperacion.job';
import { usuarioRoutes } from './usuario.routes';

export const usuarioModule = defineModule({
  name: 'usuario',
  routes: [
    { prefix: '/usuario', plugin: usuarioRoutes },
    { prefix: '/usuario', plugin: googleAuthRoutes },
  ],
  jobs: (services) => [recuperacionJob(services.cuenta)],
});
