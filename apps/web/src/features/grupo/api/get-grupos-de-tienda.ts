import { type GrupoDeCompra, gruposDeTiendaResponseSchema } from '@compra-grupal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { grupoKeys } from './grupo-keys';

/** GET /api/grupoDeCompra/grupos/tienda/{tiendaId} (the store's owner): newest first. */
export function gruposDeTiendaQueryOptions(tiendaId: string) {
  return queryOptions({
    queryKey: grupoKeys.deTienda(tiendaId),
    queryFn: async ({ signal }): Promise<GrupoDeCompra[]> => {
      const { grupos } = await api.get(`/api/grupoDeCompra/grupos/tienda/${tiendaId}`, {
        schema: gruposDeTiendaResponseSchema,
        signal,
      });
      return grupos;
    },
  });
}

export function useGruposDeTienda(tiendaId: string | null) {
  return useQuery({ ...gruposDeTiendaQueryOptions(tiendaId ?? ''), enabled: tiendaId !== null });
}
