import { verificarVinculacionResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { miTiendaKeys } from './mi-tienda-keys';

/** GET /api/oauth/mercadopago/verificar/{userId}: whether the seller linked Mercado Pago. */
export function vinculacionQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: miTiendaKeys.vinculacion(usuarioId),
    queryFn: ({ signal }) =>
      api.get(`/api/oauth/mercadopago/verificar/${usuarioId}`, {
        schema: verificarVinculacionResponseSchema,
        signal,
      }),
    // The seller may have just come back from linking: every visit asks again.
    staleTime: 0,
    retry: false,
  });
}

export function useVinculacion(usuarioId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...vinculacionQueryOptions(usuarioId), enabled });
}
