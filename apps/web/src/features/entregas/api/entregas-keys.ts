/** Query keys of deliveries (the seller's list and the courier's); invalidation reuses them. */
export const entregasKeys = {
  all: ['entregas'] as const,
  paraEntregar: (tiendaId: string) => ['entregas', 'para-entregar', tiendaId] as const,
  listos: () => ['entregas', 'listos'] as const,
};
