import type { TiendaCercana, TiendasQueCubrenResponse } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TiendasQueCubrenParams {
  lat: number;
  lng: number;
  /** Text searched in store and product names and descriptions; empty for all. */
  q: string;
}

/** Query keys of the listing: one entry per point and search. */
const tiendasQueCubrenKeys = {
  all: ['tienda', 'que-cubren'] as const,
  lista: ({ lat, lng, q }: TiendasQueCubrenParams) =>
    ['tienda', 'que-cubren', { lat, lng, q }] as const,
};

/**
 * POST /api/tienda/con-productos-que-cubren {lat, lng, q?}: the enabled stores whose coverage
 * reaches the point, nearest first, each with up to 6 featured products.
 */
function tiendasQueCubrenQueryOptions(params: TiendasQueCubrenParams) {
  return queryOptions({
    queryKey: tiendasQueCubrenKeys.lista(params),
    queryFn: async ({ signal }): Promise<TiendaCercana[]> => {
      const body = params.q
        ? { lat: params.lat, lng: params.lng, q: params.q }
        : { lat: params.lat, lng: params.lng };
      // Not parsed here: the server serialises this answer through the same contract schema,
      // and keeping zod off the first page keeps it within its budget (decision 009).
      const { tiendas } = await api.post<TiendasQueCubrenResponse>(
        '/api/tienda/con-productos-que-cubren',
        body,
        { auth: false, signal },
      );
      // Only enabled stores are listed (spec part 1, sections 2 and 6); the server filters too.
      return tiendas.filter((tienda) => tienda.habilitada);
    },
  });
}

/**
 * The stores around `params` (nothing while null). While a new search loads, the previous list
 * of the same place stays; a new place starts afresh (its stores are others).
 */
export function useTiendasQueCubren(params: TiendasQueCubrenParams | null) {
  return useQuery({
    ...tiendasQueCubrenQueryOptions(params ?? { lat: 0, lng: 0, q: '' }),
    enabled: params !== null,
    placeholderData: (previous, previousQuery) => {
      const anterior = previousQuery?.queryKey[2];
      const mismoLugar = anterior?.lat === params?.lat && anterior?.lng === params?.lng;
      return mismoLugar ? keepPreviousData(previous) : undefined;
    },
  });
}
