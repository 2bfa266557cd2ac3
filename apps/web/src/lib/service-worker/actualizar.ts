import { MENSAJE_ACTUALIZAR, type MensajeAlServiceWorker } from './protocolo';
import { versionEsperando } from './service-worker';

/**
 * 'Actualizar' (docs/decisions/056): the waiting version takes over and the page reloads under
 * it. If another tab already let it in, the page only reloads. Apart from ./service-worker.ts:
 * only the prompt, loaded when a new version waits, needs it.
 */
export function actualizar(): void {
  const esperando = versionEsperando();
  const contenedor = navigator.serviceWorker;
  if (esperando?.state !== 'installed' || !contenedor.controller) {
    location.reload();
    return;
  }
  contenedor.addEventListener('controllerchange', () => location.reload(), { once: true });
  const mensaje: MensajeAlServiceWorker = { type: MENSAJE_ACTUALIZAR };
  esperando.postMessage(mensaje);
}
