import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

/**
 * GET /api/producto/esPropietario/{productId}/{userId}: whether the user owns the product (the
 * product page then shows 'Panel del Propietario'). A failed check counts as not the owner.
 * Asked only with a session: the schema loads with the answer, so a drawn product page that
 * anyone opens carries no zod (`lib/contract-schemas`).
 */
export function esPropietarioQueryOptions(productoId: string, usuarioId: string) {
  return queryOptions({
    queryKey: grupoKeys.esPropietario(productoId, usuarioId),
    queryFn: async ({ signal }): Promise<boolean> => {
      const { esPropietarioResponseSchema } = await import('@/lib/contract-schemas');
      const { esPropietario } = await api.get(
        `/api/producto/esPropietario/${productoId}/${usuarioId}`,
        { schema: esPropietarioResponseSchema, signal },
      );
      return esPropietario;
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useEsPropietario(productoId: string, usuarioId: string) {
  return useQuery(esPropietarioQueryOptions(productoId, usuarioId));
}
