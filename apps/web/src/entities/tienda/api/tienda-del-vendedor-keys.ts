/**
 * Query keys of the seller's own store, read by Mi Tienda, Mis Productos, the group and the
 * delivery screens; invalidation reuses them. Everything is per user, so `usuario(usuarioId)`
 * refreshes all of one seller's store answers at once.
 */
export const tiendaDelVendedorKeys = {
  all: ['tienda-del-vendedor'] as const,
  usuario: (usuarioId: string) => ['tienda-del-vendedor', usuarioId] as const,
  tienda: (usuarioId: string) => ['tienda-del-vendedor', usuarioId, 'tienda'] as const,
  categoriasLocales: (usuarioId: string) =>
    ['tienda-del-vendedor', usuarioId, 'categorias-locales'] as const,
};
