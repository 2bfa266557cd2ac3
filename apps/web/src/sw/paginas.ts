import { ATRIBUTO_COPIA_GUARDADA } from '../lib/service-worker/protocolo';

/**
 * What the service worker does with the pages (docs/decisions/056), apart from the worker
 * itself so that it can be tested without one.
 */

/** The cache of the pages seen (their HTML, as the server sent it). */
export const CACHE_DE_PAGINAS = 'paginas';
/** The cache of the pictures seen (stores' logos, products' photos: public uploads). */
export const CACHE_DE_IMAGENES = 'imagenes';

/** Seconds a page waits for the network before the saved copy is shown. */
export const ESPERA_DE_LA_RED_S = 3;
/** Pages kept, the least recently saved leaving first, and for how long. */
export const PAGINAS_GUARDADAS = 40;
export const PAGINAS_DURAN_S = 30 * 24 * 60 * 60;
/** Pictures kept, and for how long (their addresses never change content). */
export const IMAGENES_GUARDADAS = 150;
export const IMAGENES_DURAN_S = 30 * 24 * 60 * 60;
/** A page saved this recently is not fetched again when the app asks to save it. */
export const PAGINA_RECIENTE_MS = 5 * 60 * 1000;

/**
 * Never the worker's: the API (private answers, payments, sign-in redirects), the realtime
 * connection, the uploads' own addresses and the server's development pages. Their requests,
 * navigations included, go to the network as if there were no service worker.
 */
const AJENAS = /^\/(?:api|socket\.io|uploads|dev)(?:\/|$)/;

/**
 * Pages that carry a one-time code or the result of a payment in their address (sign-in and
 * Mercado Pago callbacks, the account's links, the checkout's return): not kept, and offline
 * they show the offline page.
 */
const DE_UN_SOLO_USO =
  /^\/(?:auth\/callback|mercadopago-callback|restablecer-contrasenia|verificar-email|success|failure)(?:\/|$)/;

/** What the worker does with a navigation to `url`: keep it, only answer it, or leave it. */
export function destinoDeLaNavegacion(
  url: URL,
  origen: string,
): 'guardar' | 'sin-guardar' | 'ajena' {
  if (url.origin !== origen || AJENAS.test(url.pathname)) return 'ajena';
  return DE_UN_SOLO_USO.test(url.pathname) ? 'sin-guardar' : 'guardar';
}

/** The page marked as a saved copy, saved at `guardadaEl` (ISO 8601, or empty). */
export function marcarCopiaGuardada(html: string, guardadaEl: string): string {
  return html.replace(/<html\b/i, `<html ${ATRIBUTO_COPIA_GUARDADA}="${guardadaEl}"`);
}

/**
 * A page from the cache as it is shown when the network failed: marked, with the time the
 * server sent it (its Date header). Anything but HTML goes as it is.
 */
export async function comoCopiaGuardada(respuesta: Response): Promise<Response> {
  if (!respuesta.headers.get('content-type')?.startsWith('text/html')) return respuesta;
  const fecha = new Date(respuesta.headers.get('date') ?? '');
  const guardadaEl = Number.isNaN(fecha.getTime()) ? '' : fecha.toISOString();
  const cabeceras = new Headers(respuesta.headers);
  // The body is read back decoded: its length and encoding are no longer the network's.
  cabeceras.delete('content-length');
  cabeceras.delete('content-encoding');
  return new Response(marcarCopiaGuardada(await respuesta.text(), guardadaEl), {
    status: respuesta.status,
    statusText: respuesta.statusText,
    headers: cabeceras,
  });
}
