import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { coberturas } from '../../db/schema';

export function createCoberturaRepository(db: Database) {
  return {
    findAll: () => db.select().from(coberturas).orderBy(asc(coberturas.km)),
  };
}

export type CoberturaRepository = ReturnType<typeof createCoberturaRepository>;
