import type { EstadoRevision, PeriodoQuery } from '@compra-grupal/contracts';

/** Query keys of the product team's screens; invalidation reuses them. */
export const adminKeys = {
  all: ['admin'] as const,
  tiendas: () => ['admin', 'tiendas'] as const,
  tiendasPorEstado: (estado: EstadoRevision) => ['admin', 'tiendas', estado] as const,
  grupos: () => ['admin', 'grupos'] as const,
  dinero: () => ['admin', 'dinero'] as const,
  dineroDelPeriodo: ({ desde, hasta }: PeriodoQuery) => ['admin', 'dinero', desde, hasta] as const,
  reintentoDeReembolso: (reembolsoId: string) =>
    ['admin', 'reembolsos', reembolsoId, 'reintentar'] as const,
};
