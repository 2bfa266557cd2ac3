import type { SugerenciaGeo, UbicacionGeo } from '@compra-grupal/contracts';
import { appError } from '../../lib/app-error';

/**
 * Geocoding limited to Argentina (DESIGN.md section 2): the embedded gazetteer by default,
 * Georef AR by configuration.
 */
export interface GeoPort {
  /**
   * Whether `buscar` proposes streets and door numbers (Georef) or only places (the embedded
   * gazetteer): the location picker searches streets only with one that does.
   */
  readonly buscaCalles: boolean;
  /** Suggestions for an address, barrio or locality, best first, at most `limite`. */
  buscar(texto: string, limite: number): Promise<SugerenciaGeo[]>;
  /**
   * The address of a point. Throws `fueraDeArgentina()` for a point outside Argentina and
   * `geoNoDisponible()` when the provider fails.
   */
  inversa(lat: number, lng: number): Promise<UbicacionGeo>;
}

export const fueraDeArgentina = () => appError(404, 'UBICACION_FUERA_DE_ARGENTINA');

export const geoNoDisponible = () => appError(502, 'GEO_NO_DISPONIBLE');
