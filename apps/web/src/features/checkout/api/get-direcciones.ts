import { direccionesSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/direccion/{userId}: the user's saved delivery addresses. */
export function direccionesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: checkoutKeys.direcciones(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/direccion/${encodeURIComponent(userId)}`, {
        schema: direccionesSchema,
        signal,
      }),
  });
}

export function useDirecciones(userId: string) {
  return useQuery(direccionesQueryOptions(userId));
}
