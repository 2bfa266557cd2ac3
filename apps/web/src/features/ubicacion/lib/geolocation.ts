import { toast } from '@/components/ui/toast';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';

/** Messages of the spec (part 1, section 8), under the title 'Error de ubicación'. */
const ERROR_UBICACION_TITULO = 'Error de ubicación';
export const UBICACION_DENEGADA =
  'Acceso a la ubicación denegado. Para ver tiendas cercanas, habilita la ubicación en tu navegador (ícono de ubicación en la barra de direcciones) y recarga la página.';
export const UBICACION_NO_DISPONIBLE =
  'No se pudo determinar tu ubicación. Verifica tu conexión a internet.';
export const UBICACION_TIEMPO_AGOTADO =
  'Tiempo de espera agotado al obtener la ubicación. Intenta nuevamente.';
export const UBICACION_ERROR_GENERICO = 'No se pudo obtener tu ubicación.';
export const GEOLOCALIZACION_NO_SOPORTADA = 'Tu navegador no soporta geolocalización';

/** A failed position request, with the spec's message. */
class UbicacionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UbicacionError';
  }
}

// GeolocationPositionError codes (the constants are not defined in every environment).
const PERMISSION_DENIED = 1;
const POSITION_UNAVAILABLE = 2;
const TIMEOUT = 3;

function mensajeDeError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === PERMISSION_DENIED) return UBICACION_DENEGADA;
  if (code === POSITION_UNAVAILABLE) return UBICACION_NO_DISPONIBLE;
  if (code === TIMEOUT) return UBICACION_TIEMPO_AGOTADO;
  return UBICACION_ERROR_GENERICO;
}

const OPCIONES: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 15_000,
  maximumAge: 60_000,
};

/** Asks the browser for the current position; rejects with an UbicacionError. */
export function obtenerPosicionActual(): Promise<Coordenadas> {
  return new Promise((resolve, reject) => {
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) {
      reject(new UbicacionError(GEOLOCALIZACION_NO_SOPORTADA));
      return;
    }
    try {
      geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) => reject(new UbicacionError(mensajeDeError(error), { cause: error })),
        OPCIONES,
      );
    } catch (error) {
      reject(new UbicacionError(UBICACION_ERROR_GENERICO, { cause: error }));
    }
  });
}

/** The destructive toast 'Error de ubicación' with the failure's message. */
export function avisarErrorDeUbicacion(error: unknown): void {
  toast({
    title: ERROR_UBICACION_TITULO,
    description: error instanceof UbicacionError ? error.message : UBICACION_ERROR_GENERICO,
    variant: 'destructive',
  });
}
