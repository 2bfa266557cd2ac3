/**
 * Query keys of the seller's products; invalidation reuses them. Everything is per user, so
 * `usuario(usuarioId)` refreshes all of one seller's answers at once.
 */
export const misProductosKeys = {
  all: ['mis-productos'] as const,
  usuario: (usuarioId: string) => ['mis-productos', usuarioId] as const,
  productos: (usuarioId: string) => ['mis-productos', usuarioId, 'productos'] as const,
};
