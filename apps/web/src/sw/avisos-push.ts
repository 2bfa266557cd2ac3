/**
 * Notices on the device (Web Push, docs/decisions/055), the service worker's part: each push is
 * one notice of the bell, encrypted for this browser, carrying `{ titulo, cuerpo, enlace }` and
 * nothing else; it is shown as a notification, and tapping it opens (or focuses) the app on the
 * notice's screen. The service worker calls `escucharAvisosPush(self)` once (src/sw/sw.ts).
 */

/** What a push carries (the contracts' `mensajePushSchema`). */
export interface AvisoPush {
  titulo: string;
  cuerpo: string;
  /** An app path ('/my-orders', '/group/…'): where tapping it goes. */
  enlace: string;
}

const TITULO_POR_DEFECTO = 'Compra Grupal';
/** The app's icon, as the manifest lists it (also what Android shows in the status bar). */
const ICONO = '/iconos/icono-192.png';

/** A path of this app, or '/': a push never sends the browser to another site. */
export function rutaPropia(enlace: unknown): string {
  if (typeof enlace !== 'string' || !enlace.startsWith('/')) return '/';
  // '//host' and '/\host' are other sites to a browser.
  if (enlace.startsWith('//') || enlace.startsWith('/\\')) return '/';
  return enlace;
}

/** The notice a push's data holds, whatever arrived (a malformed one still says something). */
export function avisoDelMensaje(datos: unknown): AvisoPush {
  const aviso = (typeof datos === 'object' && datos !== null ? datos : {}) as Record<
    string,
    unknown
  >;
  const texto = (valor: unknown) => (typeof valor === 'string' ? valor : '');
  return {
    titulo: texto(aviso.titulo) || TITULO_POR_DEFECTO,
    cuerpo: texto(aviso.cuerpo),
    enlace: rutaPropia(aviso.enlace),
  };
}

function leer(event: PushEvent): unknown {
  try {
    return event.data?.json() ?? null;
  } catch {
    return null;
  }
}

/** Shows each push as a notification and opens its screen when tapped. */
export function escucharAvisosPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const aviso = avisoDelMensaje(leer(event));
    event.waitUntil(
      sw.registration.showNotification(aviso.titulo, {
        body: aviso.cuerpo,
        icon: ICONO,
        lang: 'es-AR',
        data: { enlace: aviso.enlace },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const destino = new URL(
      rutaPropia((event.notification.data as { enlace?: unknown } | null)?.enlace),
      sw.location.origin,
    ).href;
    event.waitUntil(
      (async () => {
        const ventanas = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const abierta = ventanas.find((v) => new URL(v.url).origin === sw.location.origin);
        if (abierta) {
          const enfocada = await abierta.focus();
          // Only a page this worker controls can be sent elsewhere; else a new window.
          if (enfocada.url === destino) return;
          const llevada = await enfocada.navigate(destino).catch(() => null);
          if (llevada) return;
        }
        await sw.clients.openWindow(destino);
      })(),
    );
  });
}
