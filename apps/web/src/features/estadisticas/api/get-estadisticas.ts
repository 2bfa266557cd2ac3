import { estadisticasDeTiendaSchema, type PeriodoQuery } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { estadisticasKeys } from './estadisticas-keys';

/**
 * GET /api/tienda/{tiendaId}/estadisticas?desde&hasta (the owner or an admin): the store's
 * sales, fees, groups and best products over Buenos Aires days, amounts in pesos.
 */
export function estadisticasQueryOptions(tiendaId: string, periodo: PeriodoQuery) {
  return queryOptions({
    queryKey: estadisticasKeys.periodo(tiendaId, periodo),
    queryFn: ({ signal }) =>
      api.get(
        `/api/tienda/${tiendaId}/estadisticas?${new URLSearchParams({ desde: periodo.desde, hasta: periodo.hasta })}`,
        { schema: estadisticasDeTiendaSchema, signal },
      ),
    // A refusal (403, 404) says the same the second time: only outages are retried.
    retry: (intentos, error) =>
      intentos < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

export function useEstadisticas(tiendaId: string | null, periodo: PeriodoQuery) {
  return useQuery({
    ...estadisticasQueryOptions(tiendaId ?? '', periodo),
    enabled: tiendaId !== null,
    // Changing the period keeps the previous figures on screen (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
