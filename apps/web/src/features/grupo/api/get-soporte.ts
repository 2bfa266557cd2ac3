import { soporteSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const SOPORTE_PATH = '/api/soporte';

/** GET /api/soporte: the support contact the server is configured with. */
export const soporteQueryOptions = queryOptions({
  queryKey: ['soporte'],
  queryFn: ({ signal }) => api.get(SOPORTE_PATH, { schema: soporteSchema, auth: false, signal }),
  // Server configuration: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The configured support contact; while it loads, or if it fails, none. */
export function useSoporte() {
  return useQuery(soporteQueryOptions).data ?? { telefono: null, email: null };
}
