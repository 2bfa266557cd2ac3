import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';

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
