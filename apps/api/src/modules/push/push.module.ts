import { defineModule } from '../api-module';
import { pushRoutes } from './push.routes';

/**
 * Web Push (docs/decisions/055): the server's public key and the caller's browsers. What is
 * sent, and when, is the notification center's (modules/aviso, its job `aviso.push`).
 */
export const pushModule = defineModule({
  name: 'push',
  routes: [{ prefix: '/push', plugin: pushRoutes }],
});
