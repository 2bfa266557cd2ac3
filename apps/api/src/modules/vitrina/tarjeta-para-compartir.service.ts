import type { GrupoConProducto, ProductoEnVenta } from '@compra-grupal/contracts';
import { allowAnyone } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { formatearCentavosBreve, pesosACentavos } from '../../lib/money';
import { crearCacheDePaginas } from '../../lib/ssr/cache-de-paginas';
import {
  type ContenidoDeTarjeta,
  dibujarTarjeta,
  etiquetaDeTarjeta,
  textoDeTiempo,
} from './tarjeta-para-compartir';

/** Cards kept at most, and for how long one nobody asks for again is kept. */
const CARDS_GUARDADAS = 200;
const CARD_TTL_MS = 60 * 60 * 1000;
/** The photo's version drawn: the narrowest as wide as the card's square, else the original. */
const LADO_DE_FOTO = 486;

export interface TarjetaParaCompartir {
  /** The card's ETag, from what it shows: read before anything is drawn. */
  etiqueta: string;
  /** The PNG, drawn once per content and kept (a burst of crawlers waits for one drawing). */
  png(): Promise<Buffer>;
}

const esNoEncontrado = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/**
 * The share cards of groups and products (docs/decisions/053), read from the same public
 * services the pages are: a withdrawn product, a store that is not enabled or an unknown id is
 * the pages' 404. The card is drawn only when its content changes (a place taken, a new
 * price, a day less to the deadline) and kept in a small bounded cache otherwise.
 */
export function createTarjetasParaCompartir({
  producto,
  grupo,
  leerImagen,
  clock,
  log,
}: {
  producto: (id: string) => Promise<ProductoEnVenta>;
  grupo: (id: string) => Promise<GrupoConProducto>;
  /** The stored photo's bytes by its URL (the storage port), undefined when it is not there. */
  leerImagen: (url: string) => Promise<Buffer | undefined>;
  clock: Clock;
  log?: { warn(object: object, message: string): void };
}) {
  const cache = crearCacheDePaginas<Buffer>({ ttlMs: CARD_TTL_MS, maximo: CARDS_GUARDADAS });

  const fotoDe = (p: ProductoEnVenta): string | null =>
    p.imagenVariantes?.find((v) => v.ancho >= LADO_DE_FOTO)?.url ?? p.imagen;

  const contenido = (p: ProductoEnVenta, g: GrupoConProducto | undefined): ContenidoDeTarjeta => {
    const estado = g?.grupo.status;
    return {
      nombre: p.nombre,
      precio: formatearCentavosBreve(pesosACentavos(p.precio)),
      lugares: g
        ? { ocupados: g.grupo.lugaresOcupados, necesarios: g.grupo.lugaresNecesarios }
        : null,
      aviso: !g
        ? null
        : estado === 'cancelado'
          ? 'Grupo cancelado'
          : estado !== 'abierto'
            ? 'Grupo completo'
            : textoDeTiempo(g.grupo.fechaLimite, g.grupo.prediccion, clock.now()),
      imagen: fotoDe(p),
    };
  };

  const tarjeta = (datos: ContenidoDeTarjeta): TarjetaParaCompartir => {
    const etiqueta = etiquetaDeTarjeta(datos);
    return {
      etiqueta,
      png: () =>
        cache.obtener(etiqueta, async () => {
          const foto = datos.imagen
            ? await leerImagen(datos.imagen).catch((error: unknown) => {
                log?.warn({ err: error }, 'no se pudo leer la foto de la tarjeta; va sin ella');
                return undefined;
              })
            : undefined;
          return { valor: await dibujarTarjeta(datos, foto), salas: [] };
        }),
    };
  };

  return {
    /** The card of `/group/<id>`: its product, price, places and time left. */
    async deGrupo(actor: Actor | null, grupoId: string): Promise<TarjetaParaCompartir> {
      allowAnyone(actor);
      const g = await grupo(grupoId);
      // A group of a withdrawn product has no page to share (web-app-hints: its 404).
      const p = await producto(g.producto._id).catch((error: unknown) => {
        throw esNoEncontrado(error) ? notFound('GRUPO_NO_ENCONTRADO') : error;
      });
      return tarjeta(contenido(p, g));
    },

    /** The card of `/product/<id>`: the product with its open group, if it has one. */
    async deProducto(actor: Actor | null, productoId: string): Promise<TarjetaParaCompartir> {
      allowAnyone(actor);
      const p = await producto(productoId);
      const g = p.grupoAbierto
        ? await grupo(p.grupoAbierto._id).catch((error: unknown) => {
            if (esNoEncontrado(error)) return undefined;
            throw error;
          })
        : undefined;
      return tarjeta(contenido(p, g));
    },
  };
}

export type TarjetasParaCompartir = ReturnType<typeof createTarjetasParaCompartir>;
