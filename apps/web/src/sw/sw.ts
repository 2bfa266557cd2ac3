/**
 * The service worker (docs/decisions/056), built by vite-plugin-pwa (injectManifest) into
 * /sw.js with the list of the build's files in `self.__WB_MANIFEST`:
 *
 * - the shell (every script, stylesheet and font of the build, the icons and /offline.html) is
 *   precached at install and served from the cache, except the chunks vite.config.ts ignores;
 * - pages: network first, the saved copy after ESPERA_DE_LA_RED_S or when the network fails
 *   (marked for the app's notice), else /offline.html; the last PAGINAS_GUARDADAS are kept;
 * - pictures under /uploads: cache first, the last IMAGENES_GUARDADAS;
 * - /api, /socket.io, /uploads' own navigations and /dev are never touched.
 *
 * A new version waits until the person chooses 'Actualizar' (MENSAJE_ACTUALIZAR). Push notices
 * are shown, and open their screen when tapped, by avisos-push.ts (docs/decisions/055).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { enable as activarPrecargaDeNavegacion } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  MENSAJE_ACTUALIZAR,
  MENSAJE_GUARDAR_PAGINA,
  type MensajeAlServiceWorker,
} from '../lib/service-worker/protocolo';
import { escucharAvisosPush } from './avisos-push';
import {
  CACHE_DE_IMAGENES,
  CACHE_DE_PAGINAS,
  comoCopiaGuardada,
  destinoDeLaNavegacion,
  ESPERA_DE_LA_RED_S,
  IMAGENES_DURAN_S,
  IMAGENES_GUARDADAS,
  PAGINA_RECIENTE_MS,
  PAGINAS_DURAN_S,
  PAGINAS_GUARDADAS,
} from './paginas';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const PAGINA_SIN_CONEXION = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page's request leaves while the worker starts, instead of after.
activarPrecargaDeNavegacion();
// The first install controls the open pages at once; a later version waits (see below).
clientsClaim();

/** A copy read from the cache is one the network could not give: marked as such. */
const copiaGuardada: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) =>
    cachedResponse ? comoCopiaGuardada(cachedResponse) : cachedResponse,
};

const paginas = new NetworkFirst({
  cacheName: CACHE_DE_PAGINAS,
  networkTimeoutSeconds: ESPERA_DE_LA_RED_S,
  plugins: [
    // A 404, a 429 or a redirect is never kept in place of a page.
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({
      maxEntries: PAGINAS_GUARDADAS,
      maxAgeSeconds: PAGINAS_DURAN_S,
      purgeOnQuotaError: true,
    }),
    copiaGuardada,
  ],
});

const esNavegacion = (request: Request) => request.mode === 'navigate';

registerRoute(
  ({ request, url }) =>
    esNavegacion(request) && destinoDeLaNavegacion(url, self.location.origin) === 'guardar',
  paginas,
);
registerRoute(
  ({ request, url }) =>
    esNavegacion(request) && destinoDeLaNavegacion(url, self.location.origin) === 'sin-guardar',
  new NetworkOnly(),
);
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/uploads/') &&
    request.destination === 'image',
  new CacheFirst({
    cacheName: CACHE_DE_IMAGENES,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: IMAGENES_GUARDADAS,
        maxAgeSeconds: IMAGENES_DURAN_S,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// A page neither the network nor the cache has: the branded offline page.
setCatchHandler(async ({ request }) =>
  esNavegacion(request)
    ? ((await matchPrecache(PAGINA_SIN_CONEXION)) ?? Response.error())
    : Response.error(),
);

/** Saves a page the app showed, unless it was saved a moment ago. */
async function guardarPagina(direccion: string, event: ExtendableEvent): Promise<void> {
  const url = new URL(direccion, self.location.href);
  if (destinoDeLaNavegacion(url, self.location.origin) !== 'guardar') return;
  url.hash = '';
  const request = new Request(url.href, { credentials: 'same-origin' });
  const guardada = await (await caches.open(CACHE_DE_PAGINAS)).match(request);
  const guardadaEl = Date.parse(guardada?.headers.get('date') ?? '');
  if (Date.now() - guardadaEl < PAGINA_RECIENTE_MS) return;
  await paginas.handle({ event, request }).catch(() => undefined);
}

self.addEventListener('message', (event) => {
  const mensaje = event.data as MensajeAlServiceWorker | null;
  if (mensaje?.type === MENSAJE_ACTUALIZAR) void self.skipWaiting();
  else if (mensaje?.type === MENSAJE_GUARDAR_PAGINA && typeof mensaje.url === 'string')
    event.waitUntil(guardarPagina(mensaje.url, event));
});

escucharAvisosPush(self);
