/**
 * Query keys of the seller's own store, read by Mi Tienda, Mis Productos, the group and the
 * delivery screens; invalidation reuses them. Everything is per user, so `usuario(userId)`
 * refreshes all of one seller's store answers at once.
 */
export const tiendaDelVendedorKeys = {
  all: ['tienda-del-vendedor'] as const,
  usuario: (userId: string) => ['tienda-del-vendedor', userId] as const,
  tienda: (userId: string) => ['tienda-del-vendedor', userId, 'tienda'] as const,
  categoriasLocales: (userId: string) =>
    ['tienda-del-vendedor', userId, 'categorias-locales'] as const,
};
