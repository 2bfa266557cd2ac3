import { defineModule } from '../api-module';
import { googleAuthRoutes } from './google-auth.routes';
import { usuarioRoutes } from './usuario.routes';

export const usuarioModule = defineModule({
  name: 'usuario',
  routes: [
    { prefix: '/usuario', plugin: usuarioRoutes },
    { prefix: '/usuario', plugin: googleAuthRoutes },
  ],
});
