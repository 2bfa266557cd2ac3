import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SOPORTE_PATH = '/api/soporte';

/**
 * GET /api/soporte: the support contact the server is configured with. Small screens' code is
 * merged into the first page's chunk, so the schema loads with the answer (`lib/contract-schemas`).
 */
export const soporteQueryOptions = queryOptions({
  queryKey: ['soporte'],
  queryFn: async ({ signal }) => {
    const { soporteSchema } = await import('@/lib/contract-schemas');
    return api.get(SOPORTE_PATH, { schema: soporteSchema, auth: false, signal });
  },
  // Server configuration: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The configured support contact; while it loads, or if it fails, none. */
export function useSoporte() {
  return useQuery(soporteQueryOptions).data ?? { telefono: null, email: null };
}
