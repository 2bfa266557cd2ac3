import { createContext, useContext } from 'react';

/**
 * The instant a server-rendered page was drawn at, while the browser hydrates it. A countdown
 * first renders from it on both sides, so the browser draws the very text the server wrote;
 * its clock takes over once mounted. Hydration clears it (main.tsx): a screen mounted later
 * starts from the browser's clock.
 */
export interface InstanteDelRender {
  instante: Date | null;
}

const InstanteDelRenderContext = createContext<InstanteDelRender>({ instante: null });

export const InstanteDelRenderProvider = InstanteDelRenderContext.Provider;

/** The instant to draw a time-dependent text from on the first render. */
export function useInstanteInicial(): () => Date {
  const render = useContext(InstanteDelRenderContext);
  return () => render.instante ?? new Date();
}
