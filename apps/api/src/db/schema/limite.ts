import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The shared limiters' state with PostgreSQL and no Redis (adapters/limits): every API node
 * counts in the same rows. Rows past `vence_en` are dead and swept now and then.
 */

/** A fixed window per key: `cuenta` hits until `vence_en`; a hit after that starts over. */
export const contadoresDeLimite = pgTable(
  'contadores_de_limite',
  {
    clave: varchar('clave', { length: 200 }).primaryKey(),
    cuenta: integer('cuenta').notNull(),
    venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
  },
  (table) => [index('contadores_de_limite_vence_en_idx').on(table.venceEn)],
);

/**
 * What is held open under a key (a socket connection per address): one row per holder, kept
 * alive by its node until `vence_en`; a node that dies stops renewing and its rows lapse.
 */
export const ocupacionesDeLimite = pgTable(
  'ocupaciones_de_limite',
  {
    clave: varchar('clave', { length: 200 }).notNull(),
    ocupante: varchar('ocupante', { length: 64 }).notNull(),
    venceEn: timestamp('vence_en', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.clave, table.ocupante] }),
    index('ocupaciones_de_limite_vence_en_idx').on(table.venceEn),
  ],
);
