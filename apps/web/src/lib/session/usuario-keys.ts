/** Query keys of the usuario feature; invalidation reuses them. Role checks are per user. */
export const usuarioKeys = {
  all: ['usuario'] as const,
  detalle: (usuarioId: string) => ['usuario', usuarioId] as const,
  esVendedor: (usuarioId: string) => ['usuario', usuarioId, 'esVendedor'] as const,
  esRepartidor: (usuarioId: string) => ['usuario', usuarioId, 'esRepartidor'] as const,
  esAdmin: (usuarioId: string) => ['usuario', usuarioId, 'esAdmin'] as const,
};
