import { defineModule } from '../api-module';
import { createDatosDePagina } from './vitrina.datos';
import { vitrinaPages } from './vitrina.pages';

/**
 * The storefront for sharing and search engines (docs/decisions/043 and 044): the sitemap and
 * robots.txt, and what the web app's fallback (plugins/web-app.ts) writes the public pages
 * from: the heads of the store and product pages (`services.vitrina.pagina`), the preview of a
 * shared group link, and the data of the pages drawn on the server, read from the same
 * services as the API's routes.
 */
export const vitrinaModule = defineModule({
  name: 'vitrina',
  routes: [],
  pages: [{ prefix: '', plugin: vitrinaPages }],
  web: (services, config) => ({
    datosDePagina: createDatosDePagina({
      producto: (id) => services.producto.obtener(null, id),
      tienda: (id) => services.tienda.conProductos(null, id),
      grupo: (id) => services.grupoDeCompra.conProducto(null, id),
    }),
    vistaPreviaDeGrupo: (grupoId) =>
      services.producto.vistaPreviaDeGrupo(null, grupoId, config.PUBLIC_URL),
    paginaPublica: (tipo, id) => services.vitrina.pagina(null, tipo, id),
  }),
});
