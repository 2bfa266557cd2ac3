import type { Categoria } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the global categories; invalidation reuses them. */
export const categoriaKeys = {
  all: ['categoria'] as const,
  lista: () => ['categoria', 'lista'] as const,
};

/**
 * GET /api/categoria/getAllCategoria (public): the global store categories, for the
 * marketplace filter and the store wizard: one key for every screen.
 */
export function categoriasGlobalesQueryOptions() {
  return queryOptions({
    queryKey: categoriaKeys.lista(),
    // Not parsed here: the server serialises this answer through the contract's schema, and
    // the listing asks for it on the first page, which carries no zod (decision 016).
    queryFn: ({ signal }) =>
      api.get<Categoria[]>('/api/categoria/getAllCategoria', { auth: false, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCategoriasGlobales({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriasGlobalesQueryOptions(), enabled });
}
