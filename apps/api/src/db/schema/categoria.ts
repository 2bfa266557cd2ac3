import { pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/** Global store categories (reference data). */
export const categorias = pgTable('categorias', {
  id: idColumn().primaryKey(),
  nombre: text('nombre').notNull().unique(),
});
