import { buscarGeoResponseSchema } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { geoKeys } from './geo-keys';

/** Suggestions shown while typing in the picker. */
const SUGERENCIAS_LIMITE = 5;
/** The API needs at least this many characters. */
export const BUSQUEDA_MINIMA = 2;

/** GET /api/geo/buscar?q=..&limite=5: address suggestions, Argentina only. */
function buscarDireccionesQueryOptions(q: string) {
  return queryOptions({
    queryKey: geoKeys.buscar(q),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ q, limite: String(SUGERENCIAS_LIMITE) });
      return api.get(`/api/geo/buscar?${params}`, {
        auth: false,
        schema: buscarGeoResponseSchema,
        signal,
      });
    },
    select: (data) => data.sugerencias,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Suggestions for `q` (already debounced); nothing is asked below the minimum length. */
export function useBuscarDirecciones(q: string) {
  const texto = q.trim();
  return useQuery({
    ...buscarDireccionesQueryOptions(texto),
    enabled: texto.length >= BUSQUEDA_MINIMA,
    placeholderData: keepPreviousData,
  });
}
