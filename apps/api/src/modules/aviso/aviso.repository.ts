import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificaciones } from '../../db/schema';

export type NotificacionRow = typeof notificaciones.$inferSelect;

/** The notification center's rows (docs/decisions/041). */
export function createAvisoRepository(db: Database) {
  return {
    /** Adds a notification; returns it, or null when one with the same `clave` exists. */
    async insertar(fila: typeof notificaciones.$inferInsert): Promise<NotificacionRow | null> {
      const [creada] = await db
        .insert(notificaciones)
        .values(fila)
        .onConflictDoNothing({ target: notificaciones.clave })
        .returning();
      return creada ?? null;
    },

    async contarNoLeidos(usuarioId: string): Promise<number> {
      const [fila] = await db
        .select({ n: count() })
        .from(notificaciones)
        .where(and(eq(notificaciones.usuarioId, usuarioId), isNull(notificaciones.leidoEn)));
      return Number(fila?.n ?? 0);
    },
  };
}

export type AvisoRepository = ReturnType<typeof createAvisoRepository>;
