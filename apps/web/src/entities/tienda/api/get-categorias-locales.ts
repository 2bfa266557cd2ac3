import { categoriasLocalesResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { esTiendaNoEncontrada } from './es-tienda-no-encontrada';
import { tiendaDelVendedorKeys } from './tienda-del-vendedor-keys';

/**
 * GET /api/tienda/categorias-locales/{userId}: the seller's store id and its local categories,
 * for 'Configurar Categorías' and the product forms. Read afresh each time a screen opens: the
 * dialog edits a copy, and the seller may have just changed them.
 */
export function categoriasLocalesQueryOptions(usuarioId: string) {
  return queryOptions({
    queryKey: tiendaDelVendedorKeys.categoriasLocales(usuarioId),
    queryFn: ({ signal }) =>
      api.get(`/api/tienda/categorias-locales/${usuarioId}`, {
        schema: categoriasLocalesResponseSchema,
        signal,
      }),
    staleTime: 0,
    retry: (failureCount, error) => !esTiendaNoEncontrada(error) && failureCount < 1,
  });
}

export function useCategoriasLocales(
  usuarioId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...categoriasLocalesQueryOptions(usuarioId), enabled });
}
