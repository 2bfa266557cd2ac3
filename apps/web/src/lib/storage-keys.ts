/**
 * The browser storage keys of the spec (part 1, section 3), all in localStorage.
 * Every read and write of browser storage goes through this module.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  marketplaceLocation: 'marketplaceLocation',
  carrito: 'carrito',
  currentPedidoId: 'currentPedidoId',
  redirectAfterAuth: 'redirectAfterAuth',
  /** The id of the store the user created (spec part 2, section 3: kept locally). */
  tiendaId: 'tiendaId',
} as const;

export type StorageKey = keyof typeof storageKeys;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Access can throw (storage disabled, sandboxed iframes).
    return null;
  }
}

export function getStoredItem(key: StorageKey): string | null {
  try {
    return storage()?.getItem(storageKeys[key]) ?? null;
  } catch {
    return null;
  }
}

export function setStoredItem(key: StorageKey, value: string): void {
  try {
    storage()?.setItem(storageKeys[key], value);
  } catch (error) {
    console.error(`No se pudo guardar ${storageKeys[key]}`, error);
  }
}

export function removeStoredItem(key: StorageKey): void {
  try {
    storage()?.removeItem(storageKeys[key]);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/**
 * Reads a JSON value. A corrupt value is logged and removed (spec part 1, section 8);
 * callers validate the shape with the contract schema.
 */
export function readStoredJson(key: StorageKey): unknown {
  const raw = getStoredItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch (error) {
    console.error(`Valor corrupto en ${storageKeys[key]}; se descarta`, error);
    removeStoredItem(key);
    return null;
  }
}

export function writeStoredJson(key: StorageKey, value: unknown): void {
  setStoredItem(key, JSON.stringify(value));
}
