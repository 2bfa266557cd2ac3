import { useSyncExternalStore } from 'react';
import {
  ATRIBUTO_COPIA_GUARDADA,
  MENSAJE_GUARDAR_PAGINA,
  type MensajeAlServiceWorker,
} from './protocolo';

/*
 * The page's side of the service worker (src/sw/sw.ts, docs/decisions/056): registers it, says
 * when a new version is waiting (./actualizar.ts hands it over), tells it the screens shown,
 * and says whether this page is a saved copy. Plain browser API, no workbox-window: this module
 * is part of the first page.
 */

/** How often an open page asks whether a new version is out (besides every page load). */
const REVISAR_CADA_MS = 60 * 60 * 1000;

/** The new version, installed and waiting for 'Actualizar'; null while there is none. */
let esperando: ServiceWorker | null = null;
const oyentes = new Set<() => void>();

function avisar(worker: ServiceWorker): void {
  if (worker === esperando) return;
  esperando = worker;
  for (const oyente of oyentes) oyente();
}

/** True while a new version of the app is installed and waiting (the shell offers it). */
export function useNuevaVersion(): boolean {
  return useSyncExternalStore(
    (oyente) => {
      oyentes.add(oyente);
      return () => oyentes.delete(oyente);
    },
    () => esperando !== null,
    () => false,
  );
}

/** The new version waiting, if any (for 'Actualizar', lib/service-worker/actualizar.ts). */
export function versionEsperando(): ServiceWorker | null {
  return esperando;
}

/**
 * Registers /sw.js (a build only: the development server has none) once the page has loaded
 * and the browser is idle: its first install downloads the whole shell, which must not compete
 * with this page's pictures. The first version controls the page at once and saves it; a later
 * one waits, and the shell offers it.
 */
export function registrarServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState !== 'complete') {
    window.addEventListener('load', registrarServiceWorker, { once: true });
    return;
  }
  if ('requestIdleCallback' in window) requestIdleCallback(registrar, { timeout: 5_000 });
  else setTimeout(registrar, 1_000);
}

function registrar(): void {
  const contenedor = navigator.serviceWorker;
  if (!contenedor.controller) {
    // The first install: this page was loaded before there was anyone to save it.
    contenedor.addEventListener('controllerchange', () => guardarPagina(location.href), {
      once: true,
    });
  }
  contenedor.register('/sw.js').then(
    (registro: ServiceWorkerRegistration | undefined) => {
      // None where registering is blocked (the end-to-end journeys block it but in one file).
      if (!registro) return;
      // Only an update waits for a page that already has a worker; the first one takes over.
      const revisar = () => {
        if (registro.waiting && contenedor.controller) avisar(registro.waiting);
      };
      // The browser may have found the new version while loading this page, before this ran.
      const seguir = () => registro.installing?.addEventListener('statechange', revisar);
      revisar();
      seguir();
      registro.addEventListener('updatefound', seguir);
      setInterval(() => {
        if (document.visibilityState === 'visible') registro.update().catch(() => undefined);
      }, REVISAR_CADA_MS);
    },
    (error: unknown) => console.warn('No se pudo registrar el service worker', error),
  );
}

/** A screen the app showed: the worker keeps it among the pages that open offline. */
export function guardarPagina(url: string): void {
  if (!('serviceWorker' in navigator)) return;
  const mensaje: MensajeAlServiceWorker = { type: MENSAJE_GUARDAR_PAGINA, url };
  navigator.serviceWorker.controller?.postMessage(mensaje);
}

/**
 * When this page was saved, if the service worker sent it from its cache because the network
 * failed ('' when it does not know when); undefined for a page fresh from the network.
 */
export function copiaGuardadaEl(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.documentElement.getAttribute(ATRIBUTO_COPIA_GUARDADA) ?? undefined;
}
