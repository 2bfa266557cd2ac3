import {
  type DatosDePaginaPublica,
  type GrupoConProducto,
  grupoConProductoResponseSchema,
  type ProductoEnVenta,
  productoPublicoSchema,
  rooms,
  type TiendaConProductos,
  tiendaPublicaSchema,
} from '@compra-grupal/contracts';

/** A public page the server renders (docs/decisions/044), as its path names it. */
export type RutaDibujable =
  | { pagina: 'inicio' }
  | { pagina: 'tienda' | 'producto' | 'grupo'; id: string };

/** The public answers the pages are drawn from: the same services the API's routes call. */
export interface FuentesDePagina {
  producto(id: string): Promise<ProductoEnVenta>;
  tienda(id: string): Promise<TiendaConProductos>;
  grupo(id: string): Promise<GrupoConProducto>;
}

/** A page's data and the realtime rooms whose events change it (its cache is dropped then). */
export interface DatosConSalas {
  datos: DatosDePaginaPublica;
  salas: string[];
}

/**
 * The room of the resource a page shows: a page that answered 404 (a disabled store, say) is
 * dropped when that room has news (the store enabled again).
 */
export function salasDeLaRuta(ruta: RutaDibujable): string[] {
  return ruta.pagina === 'inicio' ? [] : [rooms[ruta.pagina](ruta.id)];
}

/**
 * The data of a public page, in its public projection: what the screen shows, parsed through
 * the contracts' public schemas, which drop every field a page must not hold (the seller's user
 * id, the store's razón social). A page that does not exist throws the service's 404.
 */
export function createDatosDePagina(fuentes: FuentesDePagina) {
  return async (ruta: RutaDibujable): Promise<DatosConSalas> => {
    switch (ruta.pagina) {
      case 'inicio':
        return { datos: { pagina: 'inicio' }, salas: [] };
      case 'producto': {
        const producto = productoPublicoSchema.parse(await fuentes.producto(ruta.id));
        return {
          datos: { pagina: 'producto', producto },
          salas: [rooms.producto(producto._id), rooms.tienda(producto.tiendaId)],
        };
      }
      case 'tienda': {
        const tienda = tiendaPublicaSchema.parse(await fuentes.tienda(ruta.id));
        return {
          datos: { pagina: 'tienda', tienda },
          salas: [
            rooms.tienda(tienda._id),
            ...tienda.productos.map(({ _id }) => rooms.producto(_id)),
          ],
        };
      }
      case 'grupo': {
        const grupo = grupoConProductoResponseSchema.parse(await fuentes.grupo(ruta.id));
        return {
          datos: { pagina: 'grupo', grupo },
          salas: [rooms.grupo(grupo.grupo._id), rooms.producto(grupo.producto._id)],
        };
      }
    }
  };
}
