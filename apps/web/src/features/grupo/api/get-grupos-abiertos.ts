import { type GrupoAbierto, gruposAbiertosResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

/** GET /api/grupoDeCompra/gruposAbiertos/producto/{productId} (the owner): oldest first. */
export function gruposAbiertosQueryOptions(productoId: string) {
  return queryOptions({
    queryKey: grupoKeys.abiertosDeProducto(productoId),
    queryFn: async ({ signal }): Promise<GrupoAbierto[]> => {
      const { grupos } = await api.get(`/api/grupoDeCompra/gruposAbiertos/producto/${productoId}`, {
        schema: gruposAbiertosResponseSchema,
        signal,
      });
      return grupos;
    },
  });
}

export function useGruposAbiertos(productoId: string, enabled = true) {
  return useQuery({ ...gruposAbiertosQueryOptions(productoId), enabled });
}
