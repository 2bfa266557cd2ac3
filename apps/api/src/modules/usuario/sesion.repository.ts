import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sesiones } from '../../db/schema';

export type SesionRow = typeof sesiones.$inferSelect;

export function createSesionRepository(db: Database) {
  return {
    async insert(values: typeof sesiones.$inferInsert): Promise<void> {
      await db.insert(sesiones).values(values);
    },
    async findByHash(tokenHash: string): Promise<SesionRow | undefined> {
      const [row] = await db.select().from(sesiones).where(eq(sesiones.tokenHash, tokenHash));
      return row;
    },
    /** Marks a token used; false when it already was (a concurrent or replayed use). */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(sesiones)
        .set({ usadoEn: new Date() })
        .where(and(eq(sesiones.id, id), isNull(sesiones.usadoEn)))
        .returning({ id: sesiones.id });
      return rows.length === 1;
    },
    async revokeFamily(familia: string): Promise<void> {
      await db
        .update(sesiones)
        .set({ revocadoEn: new Date() })
        .where(and(eq(sesiones.familia, familia), isNull(sesiones.revocadoEn)));
    },
    /** Revokes every refresh token of an account (every device signed out). */
    async revokeAllOfUsuario(usuarioId: string): Promise<void> {
      await db
        .update(sesiones)
        .set({ revocadoEn: new Date() })
        .where(and(eq(sesiones.usuarioId, usuarioId), isNull(sesiones.revocadoEn)));
    },
  };
}

export type SesionRepository = ReturnType<typeof createSesionRepository>;
