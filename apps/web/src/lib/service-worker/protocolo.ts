/**
 * What the pages and the service worker (src/sw/sw.ts, docs/decisions/056) say to each other.
 * Plain values only: the file is part of both builds.
 */

/**
 * Set on `<html>` by the service worker when a page comes from its cache because the network
 * did not answer; its value is when the copy was saved (ISO 8601), or empty if unknown.
 */
export const ATRIBUTO_COPIA_GUARDADA = 'data-copia-guardada';

/** The new version waiting takes over: the page reloads once it has (Workbox's own message). */
export const MENSAJE_ACTUALIZAR = 'SKIP_WAITING';

/**
 * Saves this address among the pages seen: a screen reached inside the app (no request went
 * through the service worker), or the first page, loaded before there was a service worker.
 */
export const MENSAJE_GUARDAR_PAGINA = 'GUARDAR_PAGINA';

export type MensajeAlServiceWorker =
  | { type: typeof MENSAJE_ACTUALIZAR }
  | { type: typeof MENSAJE_GUARDAR_PAGINA; url: string };
