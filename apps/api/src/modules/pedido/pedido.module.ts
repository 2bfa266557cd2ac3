import { defineModule } from '../api-module';
import { cancelacionDeGruposJob } from './cancelacion-de-grupo.job';
import { entregaRoutes } from './entrega.routes';
import { liquidacionDeEnvioEnGrupoJob } from './envio-en-grupo.job';
import { linkPagoRoutes } from './link-pago.routes';
import { pedidoRoutes } from './pedido.routes';
import { reembolsosJob } from './reembolsos.job';
import { liberacionDeReservasJob } from './reservas-vencidas.job';

/**
 * Everything under /pedido: the order (pedido service), its payment links (pago service) and
 * its delivery (entrega service).
 */
export const pedidoModule = defineModule({
  name: 'pedido',
  routes: [
    { prefix: '/pedido', plugin: pedidoRoutes },
    { prefix: '/pedido', plugin: linkPagoRoutes },
    { prefix: '/pedido', plugin: entregaRoutes },
  ],
  jobs: (services) => [
    liberacionDeReservasJob(services.pedido),
    reembolsosJob(services.reembolsos),
    cancelacionDeGruposJob(services.cancelacionDeGrupo),
    liquidacionDeEnvioEnGrupoJob(services.envioEnGrupo),
  ],
});
