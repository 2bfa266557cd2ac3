import { tiendaHabilitadaResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { miTiendaKeys } from './mi-tienda-keys';

/**
 * Whether the server answered with an error (404 when the user has no store, a refusal, a
 * failure it reported), as opposed to a call that failed by exception (no answer, an answer
 * that is not the contract's). Mi Tienda treats the two differently (spec part 2, section 4).
 */
export function esRespuestaDeError(error: unknown): boolean {
  return error instanceof ApiError && error.status > 0;
}

/** An answer of the server that says no (4xx): asking again will not change it. */
function esRechazo(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** GET /api/tienda/esta-habilitada/{userId}: whether the product team enabled the store. */
export function tiendaHabilitadaQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: miTiendaKeys.habilitada(usuarioId),
    queryFn: ({ signal }) =>
      api.get(`/api/tienda/esta-habilitada/${usuarioId}`, {
        schema: tiendaHabilitadaResponseSchema,
        signal,
      }),
    // The review can end at any moment: every visit asks again.
    staleTime: 0,
    retry: (failureCount, error) => !esRechazo(error) && failureCount < 1,
  });
}

export function useTiendaHabilitada(usuarioId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...tiendaHabilitadaQueryOptions(usuarioId), enabled });
}
