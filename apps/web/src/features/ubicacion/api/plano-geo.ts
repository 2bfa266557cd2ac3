import { planoGeoSchema } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { geoKeys } from '@/entities/ubicacion/api/geo-keys';
import { api } from '@/lib/api-client';
import type { AreaGeo } from '../lib/plano';

/**
 * GET /api/geo/plano?sur=..&oeste=..&norte=..&este=..: the barrios and localities near an area
 * and the Ciudad's outline, drawn by the picker when the map tiles cannot be loaded.
 */
function planoGeoQueryOptions(area: AreaGeo) {
  return queryOptions({
    queryKey: geoKeys.plano(area),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        sur: String(area.sur),
        oeste: String(area.oeste),
        norte: String(area.norte),
        este: String(area.este),
      });
      return api.get(`/api/geo/plano?${params}`, { auth: false, schema: planoGeoSchema, signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The drawn map's places; nothing is asked while `area` is null (tiles load, or too far out). */
export function usePlanoGeo(area: AreaGeo | null) {
  return useQuery({
    ...planoGeoQueryOptions(area ?? { sur: 0, oeste: 0, norte: 0, este: 0 }),
    enabled: area !== null,
    placeholderData: keepPreviousData,
  });
}
