import { appError } from '../../lib/app-error';
import type { PuntoGeo } from '../shipping/shipping.port';

/** A place to deliver to. */
export interface ParadaDeRuta extends PuntoGeo {
  id: string;
}

/**
 * The leg arriving at a stop: driving there, plus the time at the stop (parking, handing
 * over) for a stop; driving only for the leg to `destino`.
 */
export interface TramoDeRuta {
  paradaId: string;
  distanciaMetros: number;
  duracionSegundos: number;
}

export interface RutaPlanificada {
  /** Stop ids in visiting order. */
  orden: string[];
  /** Leg i arrives at orden[i]; when `destino` was given, one more leg with paradaId 'destino'. */
  tramos: TramoDeRuta[];
  /** Total, integer metres: the sum of the legs'. */
  distanciaMetros: number;
  /** Total, integer seconds: the sum of the legs'. */
  duracionSegundos: number;
}

/**
 * The order to deliver a set of orders in: the embedded planner by default (great-circle
 * distances, offline), an OSRM server's street network by configuration (RUTAS_OSRM_URL).
 */
export interface PlanificadorDeRutas {
  /**
   * Visits every stop once starting at `origen`; ends at `destino` when given (a closed tour
   * back to the store), at the last stop otherwise. Throws `rutaNoDisponible()` when a
   * provider fails. Zero stops: an empty route.
   */
  planificar(solicitud: {
    origen: PuntoGeo;
    paradas: readonly ParadaDeRuta[];
    destino?: PuntoGeo | null;
  }): Promise<RutaPlanificada>;
}

/** The paradaId of the leg that ends the route at `destino`. */
export const PARADA_DESTINO = 'destino';

/** A routing provider that does not answer: 502 'No se pudo planificar la ruta'. */
export const rutaNoDisponible = () => appError(502, 'RUTA_NO_DISPONIBLE');

/** A route without stops. */
export const rutaVacia = (): RutaPlanificada => ({
  orden: [],
  tramos: [],
  distanciaMetros: 0,
  duracionSegundos: 0,
});
