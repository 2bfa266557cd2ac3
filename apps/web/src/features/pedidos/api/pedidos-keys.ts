/** Query keys of the shopper's orders (Mis Pedidos); invalidation reuses them. */
export const pedidosKeys = {
  all: ['pedidos'] as const,
  conGrupos: (usuarioId: string) => ['pedidos', 'con-grupos', usuarioId] as const,
};
