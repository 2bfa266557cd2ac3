import { index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { usuarios } from './usuario';

/**
 * Web Push subscriptions (docs/decisions/055): one row per browser that asked to be told, of
 * the person signed in there. `endpoint` is the push service's URL for that browser (a
 * capability: whoever holds it and the keys can message the device); `p256dh` and `auth` are the
 * browser's keys the messages are encrypted for (RFC 8291), base64url without padding.
 */
export const suscripcionesPush = pgTable(
  'suscripciones_push',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 2048 }).notNull().unique(),
    p256dh: varchar('p256dh', { length: 100 }).notNull(),
    auth: varchar('auth', { length: 50 }).notNull(),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('suscripciones_push_usuario_idx').on(table.usuarioId, table.creadoEn)],
);
