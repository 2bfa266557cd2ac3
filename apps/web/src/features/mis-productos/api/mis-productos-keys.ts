/**
 * Query keys of the seller's products; invalidation reuses them. Everything is per user, so
 * `usuario(userId)` refreshes all of one seller's answers at once.
 */
export const misProductosKeys = {
  all: ['mis-productos'] as const,
  usuario: (userId: string) => ['mis-productos', userId] as const,
  productos: (userId: string) => ['mis-productos', userId, 'productos'] as const,
};
