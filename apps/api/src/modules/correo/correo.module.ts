import { defineModule } from '../api-module';
import { buzonPages } from './buzon.pages';
import { correoRoutes } from './correo.routes';
import { envioDeCorreoJob } from './envio-de-correo.job';

/**
 * Email (docs/decisions/039): the unsubscribe link, the development mailbox's pages and the job
 * that sends each message.
 */
export const correoModule = defineModule({
  name: 'correo',
  routes: [{ prefix: '/correo', plugin: correoRoutes }],
  pages: [{ prefix: '/dev/correos', plugin: buzonPages }],
  jobs: (services) => [envioDeCorreoJob(services.correo)],
});
