import { defineModule } from '../api-module';
import { TARJETA, urlDeTarjeta, versionDeTarjeta } from './tarjeta-para-compartir';
import { tarjetaParaCompartirRoutes } from './tarjeta-para-compartir.routes';
import { createDatosDePagina } from './vitrina.datos';
import { vitrinaPages } from './vitrina.pages';

/**
 * The storefront for sharing and search engines (docs/decisions/043 and 044): the sitemap and
 * robots.txt, and what the web app's fallback (plugins/web-app.ts) writes the public pages
 * from: the heads of the store and product pages (`services.vitrina.pagina`), the preview of a
 * shared group link, and the data of the pages drawn on the server, read from the same
 * services as the API's routes; and the share cards their og:image names (`/api/compartir/…`,
 * docs/decisions/053).
 */
export const vitrinaModule = defineModule({
  name: 'vitrina',
  routes: [{ prefix: '/compartir', plugin: tarjetaParaCompartirRoutes }],
  pages: [{ prefix: '', plugin: vitrinaPages }],
  web: (services, config) => ({
    datosDePagina: createDatosDePagina({
      producto: (id) => services.producto.obtener(null, id),
      tienda: (id) => services.tienda.conProductos(null, id),
      grupo: (id) => services.grupoDeCompra.conProducto(null, id),
    }),
    // The group's share card is its picture (decision 053), versioned by what the preview says.
    vistaPreviaDeGrupo: async (grupoId) => {
      const vista = await services.producto.vistaPreviaDeGrupo(null, grupoId, config.PUBLIC_URL);
      if (!vista) return undefined;
      const version = versionDeTarjeta(
        vista.lugaresOcupados,
        vista.titulo,
        vista.descripcion,
        vista.imagen,
      );
      return {
        ...vista,
        imagen: urlDeTarjeta(config.PUBLIC_URL, 'grupo', grupoId, version),
        imagenMedidas: { ancho: TARJETA.ancho, alto: TARJETA.alto, tipo: TARJETA.tipo },
      };
    },
    paginaPublica: (tipo, id) => services.vitrina.pagina(null, tipo, id),
  }),
});
