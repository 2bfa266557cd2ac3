/**
 * Query keys of the notification center (the bell). Everything is per user, so
 * `usuario(usuarioId)` invalidates all of one person's answers at once.
 */
export const avisosKeys = {
  all: ['avisos'] as const,
  usuario: (usuarioId: string) => ['avisos', usuarioId] as const,
  lista: (usuarioId: string) => ['avisos', usuarioId, 'lista'] as const,
  preferencias: (usuarioId: string) => ['avisos', usuarioId, 'preferencias'] as const,
};
