import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { avisarErrorDeUbicacion, obtenerPosicionActual } from '../lib/geolocation';
import { readMarketplaceLocation, saveMarketplaceLocation } from '../lib/marketplace-location';

export interface MarketplaceLocation {
  /** The chosen point, or null while there is none. */
  location: Coordenadas | null;
  /** True while the browser is asked for the position. */
  locating: boolean;
  /** The message of the last failed position request, if the last one failed. */
  error: string | null;
  /** Asks the browser for the position again. */
  locate: () => void;
  /**
   * The 'Reintentar ubicación' button: asks the browser again only when the location came
   * from it (or there is none); a saved or map-chosen point is kept.
   */
  retryLocation: () => void;
  /** Uses and saves a point chosen on the map. */
  setLocation: (location: Coordenadas) => void;
}

/**
 * The marketplace location (spec part 1, section 2, "Store listing"): on open the saved
 * `marketplaceLocation` if there is one, otherwise the browser's position, which is saved too.
 * A failure shows the destructive toast 'Error de ubicación' with the spec's message.
 */
export function useMarketplaceLocation(): MarketplaceLocation {
  // The saved point is read after the first render (below), so a page rendered on the server,
  // which has no storage, hydrates as it was drawn.
  const [location, setLocationState] = useState<Coordenadas | null>(null);
  const [locating, setLocating] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [fromBrowser, setFromBrowser] = useState(false);
  // Only the newest request may answer: a retry or a map choice supersedes a pending one.
  const requestId = useRef(0);

  const locate = useCallback(() => {
    const id = ++requestId.current;
    setLocating(true);
    setError(null);
    obtenerPosicionActual().then(
      (position) => {
        if (id !== requestId.current) return;
        saveMarketplaceLocation(position);
        setLocationState(position);
        setFromBrowser(true);
        setLocating(false);
      },
      (failure: unknown) => {
        if (id !== requestId.current) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setLocating(false);
        avisarErrorDeUbicacion(failure);
      },
    );
  }, []);

  const setLocation = useCallback((next: Coordenadas) => {
    requestId.current++;
    saveMarketplaceLocation(next);
    setLocationState({ lat: next.lat, lng: next.lng });
    setFromBrowser(false);
    setLocating(false);
    setError(null);
  }, []);

  // On open: the saved location, else the browser's. Before the browser paints, so a saved
  // point never shows the 'locating' state. Runs once per mount.
  useLayoutEffect(() => {
    const guardada = readMarketplaceLocation();
    if (guardada) {
      setLocationState(guardada);
      setLocating(false);
    } else {
      locate();
    }
    return () => {
      requestId.current++;
    };
  }, [locate]);

  const retryLocation = useCallback(() => {
    if (location === null || fromBrowser) locate();
  }, [location, fromBrowser, locate]);

  return { location, locating, error, locate, retryLocation, setLocation };
}
