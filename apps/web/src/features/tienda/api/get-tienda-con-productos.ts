import {
  ERROR_CODES,
  ERROR_MESSAGES,
  esIdValido,
  type TiendaPublica,
} from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

const TIENDA_NO_ENCONTRADA = ERROR_MESSAGES.TIENDA_NO_ENCONTRADA;

const tiendaConProductosKeys = {
  detalle: (tiendaId: string) => ['tienda', 'con-productos', tiendaId] as const,
};

/**
 * GET /api/tienda/con-productos/{tiendaId} (public): an enabled store with its available
 * products (newest first) and its local categories. An id that cannot exist is answered here
 * as the server would (not found) without a request. The answer is trusted as the contract
 * types it, like the listing's (decision 016).
 */
async function getTiendaConProductos(
  tiendaId: string,
  signal?: AbortSignal,
): Promise<TiendaPublica> {
  if (!esIdValido(tiendaId)) {
    throw new ApiError(TIENDA_NO_ENCONTRADA, {
      status: 404,
      code: ERROR_CODES.tiendaNoEncontrada,
      serverMessage: TIENDA_NO_ENCONTRADA,
    });
  }
  return api.get<TiendaPublica>(`/api/tienda/con-productos/${tiendaId}`, {
    auth: false,
    signal,
  });
}

/** A store that does not exist or is not enabled: 404, or 400 for an id the server rejects. */
export function esTiendaNoEncontrada(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function tiendaConProductosQueryOptions(tiendaId: string) {
  return queryOptions({
    queryKey: tiendaConProductosKeys.detalle(tiendaId),
    queryFn: ({ signal }) => getTiendaConProductos(tiendaId, signal),
    retry: (failureCount, error) => !esTiendaNoEncontrada(error) && failureCount < 1,
  });
}

export function useTiendaConProductos(tiendaId: string) {
  return useQuery(tiendaConProductosQueryOptions(tiendaId));
}
