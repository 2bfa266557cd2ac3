import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { correos, preferenciasDeAviso, usuarios } from '../../db/schema';

export type CorreoRow = typeof correos.$inferSelect;
type NuevoCorreo = Omit<typeof correos.$inferInsert, 'estado'>;

/**
 * SQL: the person turned the email of `tipo` off (`preferencias_de_aviso`); false without a
 * person or a kind that can be turned off. The one way the question is asked, when a message is
 * kept and again when it is sent.
 */
function apagado(usuarioId: string | null, tipo: string | undefined): SQL<boolean> {
  if (!tipo || !usuarioId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${preferenciasDeAviso} p
      where p.usuario_id = ${usuarioId} and p.tipo = ${tipo} and p.email = false)`;
}

/**
 * SQL: the message `id` is kept and still `pendiente`: the sending job's condition, read by the
 * job's own insert so both go out together (jobs/job-runner.ts `si`).
 */
export const correoPendiente = (id: string): SQL =>
  sql`exists (select 1 from ${correos} c where c.id = ${id} and c.estado = 'pendiente')`;

/**
 * Email's rows (docs/decisions/039): the messages (`correos`) and each person's choice of which
 * kinds of email they get (`preferencias_de_aviso`, edited from the notification center).
 */
export function createCorreoRepository(db: Database) {
  return {
    /**
     * Keeps a message, `omitido` when its person turned `tipoQueSeApaga` off and `pendiente`
     * otherwise, read by the same statement. A message with the same `clave` keeps the first.
     */
    insertIfAbsent(fila: NuevoCorreo, tipoQueSeApaga: string | undefined): Promise<unknown> {
      return db
        .insert(correos)
        .values({
          ...fila,
          estado: sql<
            'omitido' | 'pendiente'
          >`case when ${apagado(fila.usuarioId ?? null, tipoQueSeApaga)}
              then 'omitido' else 'pendiente' end`,
        })
        .onConflictDoNothing({ target: correos.clave })
        .execute();
    },

    async findById(id: string): Promise<CorreoRow | undefined> {
      const [correo] = await db.select().from(correos).where(eq(correos.id, id));
      return correo;
    },

    /** Whether the person turned the email of `tipo` off (false for a kind that cannot be). */
    async isEmailApagado(usuarioId: string | null, tipo: string | undefined): Promise<boolean> {
      const { rows } = (await db.execute(
        sql`select ${apagado(usuarioId, tipo)} as si`,
      )) as unknown as { rows: { si: boolean }[] };
      return rows[0]?.si === true;
    },

    /** Whether the message's person verified their address (false without a person). */
    async isVerificado(usuarioId: string | null): Promise<boolean> {
      if (!usuarioId) return false;
      const [usuario] = await db
        .select({ verificadoEn: usuarios.emailVerificadoEn })
        .from(usuarios)
        .where(eq(usuarios.id, usuarioId));
      return Boolean(usuario?.verificadoEn);
    },

    /** Writes `cambios` to a message still `pendiente` (a message changes state once). */
    markIfPendiente(id: string, cambios: Partial<typeof correos.$inferInsert>): Promise<unknown> {
      return db
        .update(correos)
        .set(cambios)
        .where(and(eq(correos.id, id), eq(correos.estado, 'pendiente')));
    },

    /** The latest `limite` messages, newest first (the embedded mailbox). */
    findRecientes(limite: number, para?: string) {
      return db
        .select({
          id: correos.id,
          para: correos.para,
          asunto: correos.asunto,
          plantilla: correos.plantilla,
          datos: correos.datos,
          estado: correos.estado,
          creadoEn: correos.creadoEn,
        })
        .from(correos)
        .where(para === undefined ? undefined : sql`lower(${correos.para}) = ${para}`)
        .orderBy(desc(correos.creadoEn), desc(correos.id))
        .limit(limite);
    },

    /**
     * The person's stored choices per kind (kinds never chosen are absent; null: that channel
     * not chosen, its default).
     */
    findPreferencias(
      usuarioId: string,
    ): Promise<{ tipo: string; email: boolean | null; push: boolean | null }[]> {
      return db
        .select({
          tipo: preferenciasDeAviso.tipo,
          email: preferenciasDeAviso.email,
          push: preferenciasDeAviso.push,
        })
        .from(preferenciasDeAviso)
        .where(eq(preferenciasDeAviso.usuarioId, usuarioId));
    },

    /**
     * Stores the person's choices of the kinds given, by channel: a channel left out of a change
     * keeps what was stored. Throws a foreign key violation when the person does not exist (any
     * more).
     */
    async upsertPreferencias(
      usuarioId: string,
      cambios: { tipo: string; email?: boolean; push?: boolean }[],
      ahora: Date,
    ): Promise<void> {
      if (cambios.length === 0) return;
      await db
        .insert(preferenciasDeAviso)
        .values(
          cambios.map((c) => ({
            usuarioId,
            tipo: c.tipo,
            email: c.email ?? null,
            push: c.push ?? null,
            actualizadoEn: ahora,
          })),
        )
        .onConflictDoUpdate({
          target: [preferenciasDeAviso.usuarioId, preferenciasDeAviso.tipo],
          set: {
            email: sql`coalesce(excluded.email, ${preferenciasDeAviso.email})`,
            push: sql`coalesce(excluded.push, ${preferenciasDeAviso.push})`,
            actualizadoEn: ahora,
          },
        });
    },

    /** Whether the person's devices get the kind `tipo` now (`porDefecto` when never chosen). */
    async isPushEncendido(usuarioId: string, tipo: string, porDefecto: boolean): Promise<boolean> {
      const { rows } = (await db.execute(
        sql`select ${pushEncendido(usuarioId, tipo, porDefecto)} as si`,
      )) as unknown as { rows: { si: boolean }[] };
      return rows[0]?.si === true;
    },
  };
}

/**
 * SQL: the person's devices get the kind `tipo` (docs/decisions/055): their choice, or
 * `porDefecto` when they never made one. The one way the question is asked, when a notice's
 * push is enqueued (in the notice's statement) and again when it is sent.
 */
export function pushEncendido(usuarioId: string, tipo: string, porDefecto: boolean): SQL<boolean> {
  return sql<boolean>`coalesce((select p.push from ${preferenciasDeAviso} p
      where p.usuario_id = ${usuarioId} and p.tipo = ${tipo}), ${porDefecto})`;
}

export type CorreoRepository = ReturnType<typeof createCorreoRepository>;
