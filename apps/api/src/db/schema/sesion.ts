import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { usuarios } from './usuario';

/**
 * Refresh tokens, stored hashed. Every rotation adds a row to the same family; presenting a
 * token that was already used revokes the whole family (reuse detection).
 */
export const sesiones = pgTable(
  'sesiones',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    familia: idColumn('familia').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true }),
    revocadoEn: timestamp('revocado_en', { withTimezone: true }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sesiones_familia_idx').on(table.familia),
    index('sesiones_usuario_idx').on(table.usuarioId),
  ],
);
