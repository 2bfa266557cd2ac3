import { useLayoutEffect } from 'react';

/** The CSS variable the toaster reads for its distance from the top of the window. */
export const TOAST_TOP_VAR = '--toast-top';
/** The gap between what a toast sits below and the toast. */
const SEPARACION_PX = 8;

/** The bottom of the app's sticky top bar, where toasts sit by default (0 without one). */
const bajoLaBarraSuperior = () =>
  document.querySelector('[data-slot="top-bar"]')?.getBoundingClientRect().bottom ?? 0;

/**
 * While `elemento` is on screen, toasts sit just below it instead of below the top bar: a
 * wizard's header (title, close, progress, step chips), full-screen or on a page like the
 * checkout's, stays uncovered at every width. Follows its height as it changes (the chips wrap
 * on narrow screens) and the page's scroll (once scrolled away, below the top bar again).
 */
export function useToastsDebajoDe(elemento: HTMLElement | null): void {
  useLayoutEffect(() => {
    if (!elemento) return;
    const raiz = document.documentElement.style;
    const ubicar = () => {
      const borde = Math.max(elemento.getBoundingClientRect().bottom, bajoLaBarraSuperior());
      raiz.setProperty(TOAST_TOP_VAR, `${Math.round(borde) + SEPARACION_PX}px`);
    };
    ubicar();
    const observador = typeof ResizeObserver === 'function' ? new ResizeObserver(ubicar) : null;
    observador?.observe(elemento);
    window.addEventListener('scroll', ubicar, { passive: true });
    return () => {
      observador?.disconnect();
      window.removeEventListener('scroll', ubicar);
      raiz.removeProperty(TOAST_TOP_VAR);
    };
  }, [elemento]);
}
