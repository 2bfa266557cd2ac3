import { direccionesSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/direccion/{userId}: the user's saved delivery addresses. */
export function direccionesQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: checkoutKeys.direcciones(usuarioId),
    queryFn: ({ signal }) =>
      api.get(`/api/direccion/${encodeURIComponent(usuarioId)}`, {
        schema: direccionesSchema,
        signal,
      }),
  });
}

export function useDirecciones(usuarioId: string) {
  return useQuery(direccionesQueryOptions(usuarioId));
}
