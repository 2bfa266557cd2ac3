import type { GrupoConProducto } from './grupo';
import type { ProductoPublico } from './producto';
import type { TiendaPublica } from './tienda';

/**
 * The data a server-rendered public page is drawn from (docs/decisions/044): the same answers
 * its screen asks the API for, in their public projection, which the page carries to the
 * browser so the screen does not ask again.
 */
export type DatosDePaginaPublica =
  | { pagina: 'inicio' }
  | { pagina: 'tienda'; tienda: TiendaPublica }
  | { pagina: 'producto'; producto: ProductoPublico }
  | { pagina: 'grupo'; grupo: GrupoConProducto };

/**
 * The id of the `<script type="application/json">` a server-rendered page carries its screen's
 * data and its render instant in, for the browser to hydrate from.
 */
export const ID_DEL_ESTADO_SSR = 'estado-ssr';
