import { doublePrecision, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/** Delivery coverages a store can choose: a radius in km around the store. */
export const coberturas = pgTable('coberturas', {
  id: idColumn().primaryKey(),
  nombre: text('nombre').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  km: doublePrecision('km').notNull(),
});
