/** A point on the map (spec part 1, section 3, "Location"). */
export interface Coordenadas {
  lat: number;
  lng: number;
}

/** What the location picker emits on confirmation (spec part 1, sections 3 and 4). */
export interface UbicacionConfirmada extends Coordenadas {
  address: string;
  postalCode: string | null;
  province: string;
  city: string;
}

/** True for `{ lat, lng }` with finite numbers inside the valid ranges. */
export function isCoordenadas(value: unknown): value is Coordenadas {
  if (!value || typeof value !== 'object') return false;
  const { lat, lng } = value as Record<string, unknown>;
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180
  );
}

/** The location as the spec shows it: latitude and longitude with 4 decimals. */
export function formatCoordenadas({ lat, lng }: Coordenadas): string {
  return `Lat ${lat.toFixed(4)}, Lng ${lng.toFixed(4)}`;
}
