import { telefonoResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/usuario/telefono/{userId}: the user's contact phone. */
export function telefonoQueryOptions(userId: string) {
  return queryOptions({
    queryKey: checkoutKeys.telefono(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/usuario/telefono/${encodeURIComponent(userId)}`, {
        schema: telefonoResponseSchema,
        signal,
      }),
    select: (data) => data.telefono,
  });
}

export function useTelefono(userId: string) {
  return useQuery(telefonoQueryOptions(userId));
}
