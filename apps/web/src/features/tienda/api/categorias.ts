import type { Categoria } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Query keys of the global categories. */
const categoriasKeys = {
  all: ['categoria'] as const,
  lista: () => ['categoria', 'lista'] as const,
};

/** GET /api/categoria/getAllCategoria: the global store categories of the filter. */
function categoriasQueryOptions() {
  return queryOptions({
    queryKey: categoriasKeys.lista(),
    queryFn: async ({ signal }): Promise<Categoria[]> => {
      // Not parsed here, like the listing: the server serialises it through the contract.
      return api.get<Categoria[]>('/api/categoria/getAllCategoria', { auth: false, signal });
    },
    staleTime: 10 * 60_000,
  });
}

export function useCategorias({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...categoriasQueryOptions(), enabled });
}
