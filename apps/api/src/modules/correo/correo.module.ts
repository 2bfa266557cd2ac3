import { defineModule } from '../api-module';
import { buzonPages } from './buzon.pages';
import { correoRoutes } from './correo.routes';

/** Email (docs/decisions/039): the unsubscribe link and the development mailbox's pages. */
export const correoModule = defineModule({
  name: 'correo',
  routes: [{ prefix: '/correo', plugin: correoRoutes }],
  pages: [{ prefix: '/dev/correos', plugin: buzonPages }],
});
