import { categoriasLocalesResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { misProductosKeys } from './mis-productos-keys';

/** The user has no store (404). */
export function esTiendaNoEncontrada(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * GET /api/tienda/categorias-locales/{userId}: the seller's store id and its local
 * categories, for the product forms. Read afresh each time a form opens: the seller may have
 * just changed them in 'Configurar Categorías'.
 */
export function categoriasDelVendedorQueryOptions(userId: string) {
  return queryOptions({
    queryKey: misProductosKeys.categorias(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/tienda/categorias-locales/${userId}`, {
        schema: categoriasLocalesResponseSchema,
        signal,
      }),
    staleTime: 0,
    retry: (failureCount, error) => !esTiendaNoEncontrada(error) && failureCount < 1,
  });
}

export function useCategoriasDelVendedor(userId: string, { enabled = true } = {}) {
  return useQuery({ ...categoriasDelVendedorQueryOptions(userId), enabled });
}
