import { type Categoria, categoriasSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The marketplace filter caches the same list under the same key: one request serves both. */
const categoriasGlobalesKey = ['categoria', 'lista'] as const;

/** GET /api/categoria/getAllCategoria (public): the global store categories. */
function categoriasGlobalesQueryOptions() {
  return queryOptions({
    queryKey: categoriasGlobalesKey,
    queryFn: ({ signal }): Promise<Categoria[]> =>
      api.get('/api/categoria/getAllCategoria', { auth: false, schema: categoriasSchema, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useCategoriasGlobales({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriasGlobalesQueryOptions(), enabled });
}
