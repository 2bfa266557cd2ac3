import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where each history entry was left, by the router's location key. */
const positions = new Map<string, number>();

/**
 * A new screen opens at the top; going back or forward returns to where that entry was left.
 * The declarative router has no `<ScrollRestoration>`, so the shell keeps the positions itself.
 */
export function useScrollRestoration(): void {
  const { key } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    window.scrollTo(0, navigationType === 'POP' ? (positions.get(key) ?? 0) : 0);
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [key, navigationType]);
}
