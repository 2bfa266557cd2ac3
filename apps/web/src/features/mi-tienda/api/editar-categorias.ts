import {
  type EditarCategoriasRequest,
  editarCategoriasResponseSchema,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tiendaDelVendedorKeys } from '@/entities/tienda/api/tienda-del-vendedor-keys';
import { api } from '@/lib/api-client';

export const CATEGORIAS_NO_GUARDADAS = 'No se pudieron guardar las categorías';

/**
 * PUT /api/tienda/editar-categorias/{tiendaId}: the whole list (kept ones with their `_id`,
 * new ones without). A failure says 'No se pudieron guardar las categorías' with the server's
 * message when it has one (an empty or repeated name).
 */
export function useEditarCategorias(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tiendaId, ...body }: EditarCategoriasRequest & { tiendaId: string }) =>
      api.put(`/api/tienda/editar-categorias/${tiendaId}`, body, {
        schema: editarCategoriasResponseSchema,
      }),
    meta: {
      errorTitle: CATEGORIAS_NO_GUARDADAS,
      errorMessage: 'Revisa tu conexión e inténtalo de nuevo.',
    },
    onSuccess: ({ categoriasLocales }, { tiendaId }) => {
      // The saved list is the list now: a dialog opened again before the refetch below answers
      // edits it, not the one from before the save.
      const clave = tiendaDelVendedorKeys.categoriasLocales(usuarioId);
      queryClient.setQueryData(clave, { tiendaId, categoriasLocales });
      void queryClient.invalidateQueries({ queryKey: clave });
    },
  });
}
