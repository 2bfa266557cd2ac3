import type { EstadoRevision } from '@compra-grupal/contracts';

/** Query keys of the product team's screens; invalidation reuses them. */
export const adminKeys = {
  all: ['admin'] as const,
  tiendas: () => ['admin', 'tiendas'] as const,
  tiendasPorEstado: (estado: EstadoRevision) => ['admin', 'tiendas', estado] as const,
  grupos: () => ['admin', 'grupos'] as const,
};
