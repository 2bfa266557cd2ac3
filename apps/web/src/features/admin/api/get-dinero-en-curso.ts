import { dineroEnCursoSchema, type PeriodoQuery } from '@compra-grupal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/**
 * GET /api/admin/dinero?desde&hasta (admins only): the marketplace's totals for the period, and
 * the money in flight now (payments not applied, refunds pending or failing, mismatches).
 */
export function dineroEnCursoQueryOptions(periodo: PeriodoQuery) {
  return queryOptions({
    queryKey: adminKeys.dineroDelPeriodo(periodo),
    queryFn: ({ signal }) =>
      api.get(`/api/admin/dinero?${new URLSearchParams(periodo)}`, {
        schema: dineroEnCursoSchema,
        signal,
      }),
    // Refunds are retried by the jobs all the time: every visit asks again.
    staleTime: 0,
  });
}

export function useDineroEnCurso(periodo: PeriodoQuery) {
  // Changing the period keeps the previous answer on screen (dimmed) until the new one arrives.
  return useQuery({ ...dineroEnCursoQueryOptions(periodo), placeholderData: keepPreviousData });
}
