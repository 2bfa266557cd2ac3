import { adminModule } from './admin/admin.module';
import type { ApiModule } from './api-module';
import { avisoModule } from './aviso/aviso.module';
import { categoriaModule } from './categoria/categoria.module';
import { coberturaModule } from './cobertura/cobertura.module';
import { correoModule } from './correo/correo.module';
import { direccionModule } from './direccion/direccion.module';
import { entregaModule } from './entrega/entrega.module';
import { envioModule } from './envio/envio.module';
import { estadisticaModule } from './estadistica/estadistica.module';
import { geoModule } from './geo/geo.module';
import { grupoDeCompraModule } from './grupo-de-compra/grupo-de-compra.module';
import { healthModule } from './health/health.module';
import { mercadoPagoCuentaModule } from './mercadopago-cuenta/mercadopago-cuenta.module';
import { pagoModule } from './pago/pago.module';
import { pedidoModule } from './pedido/pedido.module';
import { productoModule } from './producto/producto.module';
import { pushModule } from './push/push.module';
import { soporteModule } from './soporte/soporte.module';
import { tiendaModule } from './tienda/tienda.module';
import { usuarioModule } from './usuario/usuario.module';
import { vitrinaModule } from './vitrina/vitrina.module';

/**
 * Every API module, in the order their routes are registered under /api (docs/decisions/031).
 * A new module adds its manifest here; app.ts names none. Delivery's first routes live under
 * /pedido (the spec's paths, in the pedido manifest); its own manifest adds /entrega.
 */
export const apiModules: readonly ApiModule[] = [
  healthModule,
  categoriaModule,
  coberturaModule,
  usuarioModule,
  direccionModule,
  envioModule,
  tiendaModule,
  productoModule,
  grupoDeCompraModule,
  mercadoPagoCuentaModule,
  pagoModule,
  pedidoModule,
  entregaModule,
  estadisticaModule,
  adminModule,
  geoModule,
  soporteModule,
  correoModule,
  avisoModule,
  pushModule,
  vitrinaModule,
];
