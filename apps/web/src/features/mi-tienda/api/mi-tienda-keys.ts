/**
 * Query keys of Mi Tienda (the seller's own store); invalidation reuses them. Everything is per
 * user, so `usuario(usuarioId)` invalidates all of one seller's answers at once. The seller role
 * itself is `usuarioKeys.esVendedor` (lib/session), shared with the side panel; the store and
 * its local categories are `tiendaDelVendedorKeys` (entities/tienda), shared with other features.
 */
export const miTiendaKeys = {
  all: ['mi-tienda'] as const,
  usuario: (usuarioId: string) => ['mi-tienda', usuarioId] as const,
  habilitada: (usuarioId: string) => ['mi-tienda', usuarioId, 'habilitada'] as const,
  vinculacion: (usuarioId: string) => ['mi-tienda', usuarioId, 'vinculacion'] as const,
};
