import { useLayoutEffect } from 'react';

/** The CSS variable the toaster reads for its distance from the top of the window. */
export const TOAST_TOP_VAR = '--toast-top';
/** The gap between what a toast sits below and the toast. */
const SEPARACION_PX = 8;

/** The bottom of the app's sticky top bar, where toasts sit by default (0 without one). */
const bajoLaBarraSuperior = () =>
  document.querySelector('[data-slot="top-bar"]')?.getBoundingClientRect().bottom ?? 0;

/** Every element toasts must stay below right now (a wizard's header, the shell's banner). */
const elementos = new Set<HTMLElement>();
let observador: ResizeObserver | null = null;

/** Puts toasts below the lowest registered element still on screen, never above the top bar. */
function ubicar(): void {
  const raiz = document.documentElement.style;
  if (elementos.size === 0) {
    raiz.removeProperty(TOAST_TOP_VAR);
    return;
  }
  let borde = bajoLaBarraSuperior();
  for (const elemento of elementos) {
    borde = Math.max(borde, elemento.getBoundingClientRect().bottom);
  }
  raiz.setProperty(TOAST_TOP_VAR, `${Math.round(borde) + SEPARACION_PX}px`);
}

/**
 * While `elemento` is on screen, toasts sit just below it instead of below the top bar: a
 * wizard's header (title, close, progress, step chips), full-screen or on a page like the
 * checkout's, or the shell's banner, stays uncovered at every width. With several at once,
 * toasts go below the lowest. Follows their heights as they change (the chips wrap on narrow
 * screens) and the page's scroll (once scrolled away, below the top bar again).
 */
export function useToastsDebajoDe(elemento: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!elemento) return;
    if (elementos.size === 0) {
      observador = typeof ResizeObserver === 'function' ? new ResizeObserver(ubicar) : null;
      window.addEventListener('scroll', ubicar, { passive: true });
    }
    elementos.add(elemento);
    observador?.observe(elemento);
    ubicar();
    return () => {
      elementos.delete(elemento);
      observador?.unobserve(elemento);
      if (elementos.size === 0) {
        observador?.disconnect();
        observador = null;
        window.removeEventListener('scroll', ubicar);
      }
      ubicar();
    };
  }, [elemento]);
}
