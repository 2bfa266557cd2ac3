import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { direcciones } from '../../db/schema';

export type DireccionRow = typeof direcciones.$inferSelect;

export function createDireccionRepository(db: Database) {
  return {
    findByUsuario: (usuarioId: string) =>
      db
        .select()
        .from(direcciones)
        .where(eq(direcciones.usuarioId, usuarioId))
        .orderBy(asc(direcciones.creadoEn), asc(direcciones.id)),
    async insert(values: typeof direcciones.$inferInsert): Promise<DireccionRow> {
      const [row] = await db.insert(direcciones).values(values).returning();
      if (!row) throw new Error('No se pudo guardar la dirección');
      return row;
    },
    /** Sets the point of one of the user's addresses; undefined when the user has no such one. */
    async updateUbicacion(
      id: string,
      usuarioId: string,
      punto: { latitud: number; longitud: number },
    ): Promise<DireccionRow | undefined> {
      const [row] = await db
        .update(direcciones)
        .set(punto)
        .where(and(eq(direcciones.id, id), eq(direcciones.usuarioId, usuarioId)))
        .returning();
      return row;
    },
  };
}

export type DireccionRepository = ReturnType<typeof createDireccionRepository>;
