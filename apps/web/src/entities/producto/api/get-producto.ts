import {
  ERROR_CODES,
  ERROR_MESSAGES,
  esIdValido,
  type ProductoPublico,
} from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

const PRODUCTO_NO_ENCONTRADO = ERROR_MESSAGES.PRODUCTO_NO_ENCONTRADO;

/** Query keys of a product; Mis Productos invalidates them after an edit or a withdrawal. */
export const productoKeys = {
  all: ['producto'] as const,
  detalle: (productoId: string) => ['producto', productoId] as const,
};

/**
 * GET /api/producto/{productoId} (public). An id that cannot exist is answered here as the
 * server would (not found) without a request. The answer is trusted as the contract types it,
 * like the listing's: the server serialises it through the same schema, and the product page
 * need not wait for zod to show it (decision 016).
 */
async function getProducto(productoId: string, signal?: AbortSignal): Promise<ProductoPublico> {
  if (!esIdValido(productoId)) {
    throw new ApiError(PRODUCTO_NO_ENCONTRADO, {
      status: 404,
      code: ERROR_CODES.productoNoEncontrado,
      serverMessage: PRODUCTO_NO_ENCONTRADO,
    });
  }
  return api.get<ProductoPublico>(`/api/producto/${productoId}`, { auth: false, signal });
}

/** A product that does not exist: 404, or 400 for an id the server rejects. */
export function esProductoNoEncontrado(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function productoQueryOptions(productoId: string) {
  return queryOptions({
    queryKey: productoKeys.detalle(productoId),
    queryFn: ({ signal }) => getProducto(productoId, signal),
    // A missing product stays missing: only failures of the network or the server are retried.
    retry: (failureCount, error) => !esProductoNoEncontrado(error) && failureCount < 1,
  });
}

export function useProducto(productoId: string) {
  return useQuery(productoQueryOptions(productoId));
}
