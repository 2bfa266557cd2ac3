import type { PeriodoQuery } from '@compra-grupal/contracts';

/** Query keys of a store's figures; invalidation reuses them. */
export const estadisticasKeys = {
  all: ['estadisticas'] as const,
  tienda: (tiendaId: string) => ['estadisticas', tiendaId] as const,
  periodo: (tiendaId: string, { desde, hasta }: PeriodoQuery) =>
    ['estadisticas', tiendaId, desde, hasta] as const,
};
