import { useSyncExternalStore } from 'react';
import { getStoredItem, removeStoredItem, storageKeys, writeStoredJson } from '@/lib/storage-keys';

/**
 * The cart (spec part 1, sections 3 and 4): a list of lines kept in localStorage under
 * `carrito`. This module is loaded with the first page (the floating cart button reads it), so
 * it stays tiny and free of zod: it checks the stored shape by hand.
 */
export interface LineaCarrito {
  productoId: string;
  cantidadSolicitada: number;
  /**
   * The purchase group the line joins (the group page's 'Unirse al Grupo'); the checkout sends
   * it to the server with the line. A product has one line: joining another group moves it.
   */
  grupoId?: string;
}

/** Same-tab announcement that the stored cart changed (`storage` only fires in other tabs). */
export const carritoChangeEvent = 'carritoChange';

const VACIO: readonly LineaCarrito[] = Object.freeze([]);

function esCantidadValida(cantidad: unknown): cantidad is number {
  return typeof cantidad === 'number' && Number.isInteger(cantidad) && cantidad > 0;
}

/**
 * The lines of a stored value. Anything that is not JSON or not a list is corrupt: it is
 * logged and removed. Inside a list, entries without a product id or a positive whole quantity
 * are skipped, and lines of the same product are merged.
 */
function leerLineas(raw: string | null): readonly LineaCarrito[] {
  if (raw === null) return VACIO;
  let valor: unknown;
  try {
    valor = JSON.parse(raw);
  } catch (error) {
    console.error(`Valor corrupto en ${storageKeys.carrito}; se descarta`, error);
    removeStoredItem('carrito');
    return VACIO;
  }
  if (!Array.isArray(valor)) {
    console.error(`Valor corrupto en ${storageKeys.carrito}; se descarta`, valor);
    removeStoredItem('carrito');
    return VACIO;
  }
  const lineas: LineaCarrito[] = [];
  for (const item of valor as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { productoId, cantidadSolicitada, grupoId } = item as Record<string, unknown>;
    if (typeof productoId !== 'string' || !productoId || !esCantidadValida(cantidadSolicitada)) {
      continue;
    }
    // A group id that is not a non-empty string is dropped; the line stays.
    const grupo = typeof grupoId === 'string' && grupoId ? grupoId : undefined;
    const existente = lineas.find((linea) => linea.productoId === productoId);
    if (existente) {
      existente.cantidadSolicitada += cantidadSolicitada;
      if (grupo) existente.grupoId = grupo;
    } else {
      lineas.push(
        grupo
          ? { productoId, cantidadSolicitada, grupoId: grupo }
          : { productoId, cantidadSolicitada },
      );
    }
  }
  return lineas.length === 0 ? VACIO : lineas;
}

// The last value read, so that React gets the same array while storage does not change.
let cache: { raw: string | null; lineas: readonly LineaCarrito[] } | null = null;

/** The cart's lines, read from storage (a corrupt value is logged and removed). */
export function getCarrito(): readonly LineaCarrito[] {
  const raw = getStoredItem('carrito');
  if (cache && cache.raw === raw) return cache.lineas;
  const lineas = leerLineas(raw);
  // A corrupt value has just been removed: remember what storage holds now.
  cache = { raw: getStoredItem('carrito'), lineas };
  return lineas;
}

function guardar(lineas: readonly LineaCarrito[]): void {
  writeStoredJson('carrito', lineas);
  cache = { raw: getStoredItem('carrito'), lineas: lineas.length === 0 ? VACIO : lineas };
  window.dispatchEvent(new Event(carritoChangeEvent));
}

/**
 * Adds a product: an existing line's quantity rises by `cantidad`; otherwise a new line is
 * appended. With `grupoId` the line joins that purchase group (an existing line moves to it);
 * without one, a line keeps the group it has. A quantity that is not a positive whole number
 * changes nothing.
 */
export function agregarAlCarrito(productoId: string, cantidad = 1, grupoId?: string): void {
  if (!esCantidadValida(cantidad)) return;
  const lineas = getCarrito();
  const existe = lineas.some((linea) => linea.productoId === productoId);
  guardar(
    existe
      ? lineas.map((linea) =>
          linea.productoId === productoId
            ? conGrupo(
                { productoId, cantidadSolicitada: linea.cantidadSolicitada + cantidad },
                grupoId ?? linea.grupoId,
              )
            : linea,
        )
      : [...lineas, conGrupo({ productoId, cantidadSolicitada: cantidad }, grupoId)],
  );
}

/** The line with its group, when it has one (no `grupoId: undefined` in storage). */
function conGrupo(linea: LineaCarrito, grupoId: string | undefined): LineaCarrito {
  return grupoId ? { ...linea, grupoId } : linea;
}

/** Sets a line's quantity; 0 or less removes the line. A product not in the cart is ignored. */
export function actualizarCantidad(productoId: string, cantidad: number): void {
  const lineas = getCarrito();
  if (!lineas.some((linea) => linea.productoId === productoId)) return;
  if (cantidad <= 0) {
    quitarDelCarrito(productoId);
    return;
  }
  const entera = Math.floor(cantidad);
  if (!esCantidadValida(entera)) return;
  guardar(
    lineas.map((linea) =>
      linea.productoId === productoId ? { ...linea, cantidadSolicitada: entera } : linea,
    ),
  );
}

/** Removes a product's line. */
export function quitarDelCarrito(productoId: string): void {
  const lineas = getCarrito();
  if (!lineas.some((linea) => linea.productoId === productoId)) return;
  guardar(lineas.filter((linea) => linea.productoId !== productoId));
}

/** Empties the cart. */
export function vaciarCarrito(): void {
  guardar(VACIO);
}

/** Total item count: the sum of the quantities. */
export function contarProductos(lineas: readonly LineaCarrito[]): number {
  let total = 0;
  for (const linea of lineas) total += linea.cantidadSolicitada;
  return total;
}

/** Follows changes made in this tab (`carritoChange`) and in others (`storage`). */
function subscribeCarrito(onChange: () => void): () => void {
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

const sinCarrito = () => VACIO;

/** The cart's lines, re-rendering on every change in this tab or another. */
export function useCarrito(): readonly LineaCarrito[] {
  return useSyncExternalStore(subscribeCarrito, getCarrito, sinCarrito);
}

/** The cart's total item count, re-rendering on every change in this tab or another. */
export function useCantidadEnCarrito(): number {
  return contarProductos(useCarrito());
}
