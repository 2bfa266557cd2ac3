import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificaciones } from '../../db/schema';

export type NotificacionRow = typeof notificaciones.$inferSelect;

/**
 * SQL: no notification has the key `prefijo` + `id` yet. The messages' scans pass it to the
 * module whose rows they scan (mensajes.ports.ts `SinAviso`), so the scan stays one statement
 * and skips what was already told (docs/decisions/042).
 */
export const sinAvisoConClave =
  (prefijo: string) =>
  (id: SQLWrapper): SQL =>
    sql`not exists (select 1 from ${notificaciones} where ${notificaciones.clave} = ${prefijo}::text || ${id})`;

/**
 * SQL: no notification other than `id` has the key `clave`: the notice `id` is the one its
 * transaction is adding (or has added), not a repeat of an event told before. Read by the
 * statement that enqueues the notice's push beside its insert, whichever runs first.
 */
export const primeroConClave = (clave: string, id: string): SQL =>
  sql`not exists (select 1 from ${notificaciones} where ${notificaciones.clave} = ${clave} and ${notificaciones.id} <> ${id})`;

/** The notification center's rows (docs/decisions/041). */
export function createAvisoRepository(db: Database) {
  return {
    async findById(id: string): Promise<NotificacionRow | undefined> {
      const [fila] = await db.select().from(notificaciones).where(eq(notificaciones.id, id));
      return fila;
    },

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

    /**
     * The user's notifications newest first (creadoEn, then id, descending), `limite` of
     * them, after the user's notification `antesDe` when given. Null when `antesDe` is not one
     * of the user's (unknown, someone else's, or already deleted).
     */
    async listar(
      usuarioId: string,
      { antesDe, limite }: { antesDe?: string; limite: number },
    ): Promise<NotificacionRow[] | null> {
      const propias = eq(notificaciones.usuarioId, usuarioId);
      let despues = sql`true`;
      if (antesDe) {
        const [cursor] = await db
          .select({ id: notificaciones.id, creadoEn: notificaciones.creadoEn })
          .from(notificaciones)
          .where(and(propias, eq(notificaciones.id, antesDe)));
        if (!cursor) return null;
        despues =
          or(
            lt(notificaciones.creadoEn, cursor.creadoEn),
            and(eq(notificaciones.creadoEn, cursor.creadoEn), lt(notificaciones.id, cursor.id)),
          ) ?? despues;
      }
      return db
        .select()
        .from(notificaciones)
        .where(and(propias, despues))
        .orderBy(desc(notificaciones.creadoEn), desc(notificaciones.id))
        .limit(limite);
    },

    /**
     * Marks one of the user's notifications read. 'desconocido' when the user has no such
     * notification; 'ya' when it was read before.
     */
    async marcarLeido(
      usuarioId: string,
      avisoId: string,
      ahora: Date,
    ): Promise<'marcado' | 'ya' | 'desconocido'> {
      const [fila] = await db
        .select({ leidoEn: notificaciones.leidoEn })
        .from(notificaciones)
        .where(and(eq(notificaciones.usuarioId, usuarioId), eq(notificaciones.id, avisoId)));
      if (!fila) return 'desconocido';
      const marcadas = await db
        .update(notificaciones)
        .set({ leidoEn: ahora })
        .where(
          and(
            eq(notificaciones.usuarioId, usuarioId),
            eq(notificaciones.id, avisoId),
            isNull(notificaciones.leidoEn),
          ),
        )
        .returning({ id: notificaciones.id });
      return marcadas.length > 0 ? 'marcado' : 'ya';
    },

    /** Marks every unread notification of the user read; how many it marked. */
    async marcarTodos(usuarioId: string, ahora: Date): Promise<number> {
      const marcadas = await db
        .update(notificaciones)
        .set({ leidoEn: ahora })
        .where(and(eq(notificaciones.usuarioId, usuarioId), isNull(notificaciones.leidoEn)))
        .returning({ id: notificaciones.id });
      return marcadas.length;
    },

    /** Deletes up to `limite` notifications created before `antesDe`; how many it deleted. */
    async borrarAnteriores(antesDe: Date, limite: number): Promise<number> {
      const viejas = db
        .select({ id: notificaciones.id })
        .from(notificaciones)
        .where(lt(notificaciones.creadoEn, antesDe))
        .orderBy(notificaciones.creadoEn)
        .limit(limite);
      const borradas = await db
        .delete(notificaciones)
        .where(inArray(notificaciones.id, viejas))
        .returning({ id: notificaciones.id });
      return borradas.length;
    },
  };
}

export type AvisoRepository = ReturnType<typeof createAvisoRepository>;
