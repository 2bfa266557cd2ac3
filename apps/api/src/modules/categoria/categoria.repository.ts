import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categorias } from '../../db/schema';

export function createCategoriaRepository(db: Database) {
  return {
    findAll: () => db.select().from(categorias).orderBy(asc(categorias.nombre)),
  };
}

export type CategoriaRepository = ReturnType<typeof createCategoriaRepository>;
