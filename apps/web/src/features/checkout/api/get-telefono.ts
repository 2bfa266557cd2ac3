import { telefonoResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/usuario/telefono/{userId}: the user's contact phone. */
export function telefonoQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: checkoutKeys.telefono(usuarioId),
    queryFn: ({ signal }) =>
      api.get(`/api/usuario/telefono/${encodeURIComponent(usuarioId)}`, {
        schema: telefonoResponseSchema,
        signal,
      }),
    select: (data) => data.telefono,
  });
}

export function useTelefono(usuarioId: string) {
  return useQuery(telefonoQueryOptions(usuarioId));
}
