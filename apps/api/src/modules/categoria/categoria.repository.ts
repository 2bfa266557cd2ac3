import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categorias } from '../../db/schema';

export function createCategoriaRepository(db: Database) {
  return {
    findAll: () => db.select().from(categorias).orderBy(asc(categorias.nombre)),
    async nombreDe(id: string): Promise<string | undefined> {
      const [fila] = await db
        .select({ nombre: categorias.nombre })
        .from(categorias)
        .where(eq(categorias.id, id));
      return fila?.nombre;
    },
  };
}

export type CategoriaRepository = ReturnType<typeof createCategoriaRepository>;
