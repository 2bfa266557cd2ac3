/** A point to plan the day's route from (the courier's position), or none: from the store. */
export interface PosicionDeSalida {
  latitud: number;
  longitud: number;
}

/** Query keys of deliveries (the seller's list and the courier's); invalidation reuses them. */
export const entregasKeys = {
  all: ['entregas'] as const,
  paraEntregar: (tiendaId: string) => ['entregas', 'para-entregar', tiendaId] as const,
  listos: () => ['entregas', 'listos'] as const,
  /** Every day's route, whatever the store and the starting point (for invalidation). */
  rutas: () => ['entregas', 'rutas'] as const,
  /** The day's routes: one store's (a seller's) or every store's, from the store or a point. */
  rutasDelDia: (tiendaId: string | null, desde: PosicionDeSalida | null) =>
    [
      'entregas',
      'rutas',
      tiendaId ?? 'todas',
      desde ? `${desde.latitud},${desde.longitud}` : 'tienda',
    ] as const,
};
