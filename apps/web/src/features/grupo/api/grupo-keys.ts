/**
 * Query keys of the purchase groups; invalidation reuses them. `all` refreshes every group
 * answer at once (a group closed from one screen shows closed on the others).
 */
export const grupoKeys = {
  all: ['grupo'] as const,
  conProducto: (grupoId: string) => ['grupo', 'con-producto', grupoId] as const,
  usuarioEnGrupo: (grupoId: string, usuarioId: string) =>
    ['grupo', 'usuario-en-grupo', grupoId, usuarioId] as const,
  abiertosDeProducto: (productoId: string) => ['grupo', 'abiertos', productoId] as const,
  deTienda: (tiendaId: string) => ['grupo', 'tienda', tiendaId] as const,
  esPropietario: (productoId: string, usuarioId: string) =>
    ['grupo', 'es-propietario', productoId, usuarioId] as const,
};
