/**
 * Query keys of Mi Tienda (the seller's own store); invalidation reuses them. Everything is per
 * user, so `usuario(userId)` invalidates all of one seller's answers at once. The seller role
 * itself is `usuarioKeys.esVendedor` (lib/session), shared with the side panel; the store and
 * its local categories are `tiendaDelVendedorKeys` (entities/tienda), shared with other features.
 */
export const miTiendaKeys = {
  all: ['mi-tienda'] as const,
  usuario: (userId: string) => ['mi-tienda', userId] as const,
  habilitada: (userId: string) => ['mi-tienda', userId, 'habilitada'] as const,
  vinculacion: (userId: string) => ['mi-tienda', userId, 'vinculacion'] as const,
};
