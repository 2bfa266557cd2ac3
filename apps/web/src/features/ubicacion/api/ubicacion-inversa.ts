import type { UbicacionGeo } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { geoKeys } from '@/entities/ubicacion/api/geo-keys';
import type { Coordenadas } from '@/entities/ubicacion/model/ubicacion';
import { api } from '@/lib/api-client';

/**
 * GET /api/geo/inversa?lat=..&lng=..: address, city, province and postal code of a point.
 * Answers 404 (UBICACION_FUERA_DE_ARGENTINA) outside Argentina and 502 when the provider fails.
 * The answer is trusted as the contract types it, like the listing's (decision 009): the
 * location bar is on the first page, and parsing here would bring zod to it (decision 016).
 */
function ubicacionInversaQueryOptions(punto: Coordenadas) {
  return queryOptions({
    queryKey: geoKeys.inversa(punto),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ lat: String(punto.lat), lng: String(punto.lng) });
      return api.get<UbicacionGeo>(`/api/geo/inversa?${params}`, { auth: false, signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useUbicacionInversa(punto: Coordenadas | null) {
  return useQuery({
    ...ubicacionInversaQueryOptions(punto ?? { lat: 0, lng: 0 }),
    enabled: punto !== null,
  });
}
