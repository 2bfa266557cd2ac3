import { categoriasLocalesResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { miTiendaKeys } from './mi-tienda-keys';

/** The user has no store to hold categories (404). */
export function esTiendaNoEncontrada(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** GET /api/tienda/categorias-locales/{userId}: the store's id and its local categories. */
export function categoriasLocalesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: miTiendaKeys.categorias(userId),
    queryFn: ({ signal }) =>
      api.get(`/api/tienda/categorias-locales/${userId}`, {
        schema: categoriasLocalesResponseSchema,
        signal,
      }),
    // The dialog edits a copy: it starts from what the server has now.
    staleTime: 0,
    retry: (failureCount, error) => !esTiendaNoEncontrada(error) && failureCount < 1,
  });
}

export function useCategoriasLocales(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...categoriasLocalesQueryOptions(userId), enabled });
}
