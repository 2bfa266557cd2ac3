import { type Categoria, categoriasSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the global categories; invalidation reuses them. */
export const categoriaKeys = {
  all: ['categoria'] as const,
  lista: () => ['categoria', 'lista'] as const,
};

/**
 * GET /api/categoria/getAllCategoria (public): the global store categories, for the
 * marketplace filter and the store wizard. One key and one parse for every screen.
 */
export function categoriasGlobalesQueryOptions() {
  return queryOptions({
    queryKey: categoriaKeys.lista(),
    queryFn: ({ signal }): Promise<Categoria[]> =>
      api.get('/api/categoria/getAllCategoria', { auth: false, schema: categoriasSchema, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCategoriasGlobales({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriasGlobalesQueryOptions(), enabled });
}
