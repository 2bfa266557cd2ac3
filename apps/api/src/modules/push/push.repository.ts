import { and, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { suscripcionesPush } from '../../db/schema';

export type SuscripcionPushRow = typeof suscripcionesPush.$inferSelect;

/** The browsers subscribed to Web Push, per person (docs/decisions/055). */
export function createPushRepository(db: Database) {
  return {
    /**
     * Keeps a browser's subscription for `usuarioId`: a new endpoint is added; one already kept
     * (this person's or, on a shared device, another's) becomes this person's with the keys
     * given, as new (`creadoEn`). Answers its id.
     */
    async guardar(fila: {
      id: string;
      usuarioId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      ahora: Date;
    }): Promise<string> {
      const [guardada] = await db
        .insert(suscripcionesPush)
        .values({
          id: fila.id,
          usuarioId: fila.usuarioId,
          endpoint: fila.endpoint,
          p256dh: fila.p256dh,
          auth: fila.auth,
          creadoEn: fila.ahora,
        })
        .onConflictDoUpdate({
          target: suscripcionesPush.endpoint,
          set: {
            usuarioId: fila.usuarioId,
            p256dh: fila.p256dh,
            auth: fila.auth,
            creadoEn: fila.ahora,
          },
        })
        .returning({ id: suscripcionesPush.id });
      return guardada?.id ?? fila.id;
    },

    /** Deletes the person's subscriptions past the newest `maximo`; how many it deleted. */
    async recortar(usuarioId: string, maximo: number): Promise<number> {
      const nuevas = db
        .select({ id: suscripcionesPush.id })
        .from(suscripcionesPush)
        .where(eq(suscripcionesPush.usuarioId, usuarioId))
        .orderBy(desc(suscripcionesPush.creadoEn), desc(suscripcionesPush.id))
        .limit(maximo);
      const borradas = await db
        .delete(suscripcionesPush)
        .where(
          and(eq(suscripcionesPush.usuarioId, usuarioId), notInArray(suscripcionesPush.id, nuevas)),
        )
        .returning({ id: suscripcionesPush.id });
      return borradas.length;
    },

    /** Deletes the person's subscription of `endpoint` (someone else's stays); whether it did. */
    async borrarDeUsuario(usuarioId: string, endpoint: string): Promise<boolean> {
      const borradas = await db
        .delete(suscripcionesPush)
        .where(
          and(eq(suscripcionesPush.usuarioId, usuarioId), eq(suscripcionesPush.endpoint, endpoint)),
        )
        .returning({ id: suscripcionesPush.id });
      return borradas.length > 0;
    },

    /**
     * Deletes a subscription the push service says is gone (404, 410), unless it changed since
     * it was read (`endpoint` and keys as read): a browser that subscribed again keeps its row.
     */
    async borrarVencida(s: Pick<SuscripcionPushRow, 'id' | 'endpoint' | 'p256dh'>): Promise<void> {
      await db
        .delete(suscripcionesPush)
        .where(
          and(
            eq(suscripcionesPush.id, s.id),
            eq(suscripcionesPush.endpoint, s.endpoint),
            eq(suscripcionesPush.p256dh, s.p256dh),
          ),
        );
    },

    /** The person's subscriptions, newest first. */
    deUsuario(usuarioId: string): Promise<SuscripcionPushRow[]> {
      return db
        .select()
        .from(suscripcionesPush)
        .where(eq(suscripcionesPush.usuarioId, usuarioId))
        .orderBy(desc(suscripcionesPush.creadoEn), desc(suscripcionesPush.id));
    },
  };
}

/**
 * SQL: the person has at least one subscription. Read by the statement that enqueues a notice's
 * push (aviso.service), so nobody without a device gets a job.
 */
export const conSuscripciones = (usuarioId: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${suscripcionesPush} s where s.usuario_id = ${usuarioId})`;

export type PushRepository = ReturnType<typeof createPushRepository>;
