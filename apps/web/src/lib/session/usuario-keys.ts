/** Query keys of the usuario feature; invalidation reuses them. Role checks are per user. */
export const usuarioKeys = {
  all: ['usuario'] as const,
  detalle: (userId: string) => ['usuario', userId] as const,
  esVendedor: (userId: string) => ['usuario', userId, 'esVendedor'] as const,
  esRepartidor: (userId: string) => ['usuario', userId, 'esRepartidor'] as const,
  esAdmin: (userId: string) => ['usuario', userId, 'esAdmin'] as const,
};
