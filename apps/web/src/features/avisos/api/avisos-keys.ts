/**
 * Query keys of the notification center (the bell). Everything is per user, so
 * `usuario(userId)` invalidates all of one person's answers at once.
 */
export const avisosKeys = {
  all: ['avisos'] as const,
  usuario: (userId: string) => ['avisos', userId] as const,
  lista: (userId: string) => ['avisos', userId, 'lista'] as const,
  preferencias: (userId: string) => ['avisos', userId, 'preferencias'] as const,
};
