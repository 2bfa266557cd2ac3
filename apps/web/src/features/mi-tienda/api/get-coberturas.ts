import { type Cobertura, coberturasSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const coberturasKey = ['cobertura', 'lista'] as const;

/** GET /api/cobertura/obtenerCoberturas (public): the delivery coverages a store can choose. */
function coberturasQueryOptions() {
  return queryOptions({
    queryKey: coberturasKey,
    queryFn: ({ signal }): Promise<Cobertura[]> =>
      api.get('/api/cobertura/obtenerCoberturas', {
        auth: false,
        schema: coberturasSchema,
        signal,
      }),
    staleTime: 10 * 60_000,
  });
}

export function useCoberturas({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...coberturasQueryOptions(), enabled });
}
