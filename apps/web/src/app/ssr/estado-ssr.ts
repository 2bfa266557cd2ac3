import { ID_DEL_ESTADO_SSR } from '@compra-grupal/contracts';
import type { DehydratedState } from '@tanstack/react-query';

/** What a server-rendered page hands the browser: its screen's cache and its render instant. */
export interface EstadoSsr {
  cache: DehydratedState;
  /** ISO 8601. */
  instante: string;
}

/** The state of the page being opened, if the server rendered it; null otherwise. */
export function leerEstadoSsr(): EstadoSsr | null {
  const script = document.getElementById(ID_DEL_ESTADO_SSR);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as EstadoSsr;
  } catch (error) {
    console.error('El estado de la página no se pudo leer; se dibuja en el navegador', error);
    return null;
  }
}
