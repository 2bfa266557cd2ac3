/** Query keys of the payments screens; invalidation reuses them. */
export const pagosKeys = {
  all: ['pagos'] as const,
  estado: (pedidoId: string) => ['pagos', 'estado', pedidoId] as const,
  pedidos: (usuarioId: string) => ['pagos', 'pedidos', usuarioId] as const,
};
