import { useSyncExternalStore } from 'react';
import { readStoredJson, storageKeys } from '@/lib/storage-keys';

/** Same-tab announcement that the stored cart changed (`storage` only fires in other tabs). */
export const carritoChangeEvent = 'carritoChange';

export function notifyCarritoChange(): void {
  window.dispatchEvent(new Event(carritoChangeEvent));
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === storageKeys.carrito) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(carritoChangeEvent, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(carritoChangeEvent, onChange);
  };
}

/** Total item count of the stored cart: the sum of cantidadSolicitada over its lines. */
export function cantidadEnCarrito(): number {
  const lineas = readStoredJson('carrito');
  if (!Array.isArray(lineas)) return 0;
  let total = 0;
  for (const linea of lineas) {
    const cantidad = (linea as { cantidadSolicitada?: unknown } | null)?.cantidadSolicitada;
    if (typeof cantidad === 'number' && Number.isFinite(cantidad) && cantidad > 0) {
      total += cantidad;
    }
  }
  return total;
}

/** The cart's total item count, following storage changes in this and other tabs. */
export function useCantidadEnCarrito(): number {
  return useSyncExternalStore(subscribe, cantidadEnCarrito, () => 0);
}
