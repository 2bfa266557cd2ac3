import type { ComponentType } from 'react';

/** A point on the map (spec part 1, section 3, "Location"). */
export interface Coordenadas {
  lat: number;
  lng: number;
}

/**
 * What the location picker emits on confirmation (spec part 1, sections 3 and 4: address, lat,
 * lng, postalCode, province, city).
 */
export interface UbicacionElegida extends Coordenadas {
  address: string;
  postalCode: string | null;
  province: string;
  city: string;
}

/**
 * The props of the location picker. The ubicacion feature's `UbicacionPickerDialog` takes them;
 * the store and checkout wizards receive it from their route as a `LocationPickerComponent`.
 */
export interface LocationPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the marker starts; without it, the Buenos Aires default of the spec. */
  initialLocation?: Coordenadas | null;
  /**
   * Where the map opens when there is no point yet (the typed locality): the marker starts
   * there, but only a point the person places can be confirmed.
   */
  centro?: Coordenadas | null;
  /** Receives the confirmed location; the dialog closes afterwards. */
  onConfirm: (ubicacion: UbicacionElegida) => void;
  title?: string;
  description?: string;
}

export type LocationPickerComponent = ComponentType<LocationPickerProps>;
