import { GEO_ERROR_CODES, type SugerenciaGeo, type UbicacionGeo } from '@compra-grupal/contracts';
import { AppError } from '../../lib/app-error';

/**
 * Geocoding limited to Argentina (DESIGN.md section 2): the embedded gazetteer by default,
 * Georef AR by configuration.
 */
export interface GeoPort {
  /** Suggestions for an address, barrio or locality, best first, at most `limite`. */
  buscar(texto: string, limite: number): Promise<SugerenciaGeo[]>;
  /**
   * The address of a point. Throws `fueraDeArgentina()` for a point outside Argentina and
   * `geoNoDisponible()` when the provider fails.
   */
  inversa(lat: number, lng: number): Promise<UbicacionGeo>;
}

export const fueraDeArgentina = () =>
  new AppError(
    404,
    GEO_ERROR_CODES.ubicacionFueraDeArgentina,
    'No encontramos una dirección en Argentina para ese punto',
  );

export const geoNoDisponible = () =>
  new AppError(
    502,
    GEO_ERROR_CODES.geoNoDisponible,
    'El servicio de mapas no responde. Intenta nuevamente.',
  );
