import { mapaConfigSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { geoKeys } from './geo-keys';

/** GET /api/geo/mapa: the tile URL template and attribution of the picker's map. */
function mapaConfigQueryOptions() {
  return queryOptions({
    queryKey: geoKeys.mapa(),
    queryFn: ({ signal }) =>
      api.get('/api/geo/mapa', { auth: false, schema: mapaConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMapaConfig() {
  return useQuery(mapaConfigQueryOptions());
}
