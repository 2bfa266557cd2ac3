import type { PosicionDeSalida } from '../api/entregas-keys';

// GeolocationPositionError's codes (the constants are not defined in every environment).
const PERMISO_DENEGADO = 1;

/** Why there is no position, in the person's words. */
export function motivoSinUbicacion(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === PERMISO_DENEGADO) {
    return 'Permite el acceso a tu ubicación en el navegador e inténtalo de nuevo.';
  }
  if (code === undefined) return 'Tu navegador no permite obtener la ubicación.';
  return 'Revisa que el GPS esté activo e inténtalo de nuevo.';
}

/** The device's position, fresh enough to plan from (a minute old at most). */
export function posicionActual(): Promise<PosicionDeSalida> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new Error('Geolocalización no disponible'));
      return;
    }
    geolocation.getCurrentPosition(
      // A metre is enough to plan from (and keeps the query string short).
      ({ coords }) =>
        resolve({
          latitud: Number(coords.latitude.toFixed(6)),
          longitud: Number(coords.longitude.toFixed(6)),
        }),
      reject,
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
