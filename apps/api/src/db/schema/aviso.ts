import { boolean, index, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { usuarios } from './usuario';

/**
 * The notification center (docs/decisions/041): one row per event a person is told about.
 * `clave` is the event's idempotency key (the same key as its email). `tipo` is one of the
 * contracts' TIPOS_DE_AVISO; `enlace` is the app path that shows the event.
 */
export const notificaciones = pgTable(
  'notificaciones',
  {
    id: idColumn().primaryKey(),
    clave: varchar('clave', { length: 200 }).notNull().unique(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 40 }).notNull(),
    titulo: varchar('titulo', { length: 200 }).notNull(),
    cuerpo: text('cuerpo').notNull(),
    enlace: varchar('enlace', { length: 300 }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    leidoEn: timestamp('leido_en', { withTimezone: true }),
  },
  (table) => [
    index('notificaciones_usuario_idx').on(table.usuarioId, table.creadoEn, table.id),
    index('notificaciones_creado_idx').on(table.creadoEn),
  ],
);

/**
 * Per person and kind, what the person chose: whether the email of a kind that is not essential
 * is sent, and whether the kind is pushed to their devices (docs/decisions/055). Null is "not
 * chosen": the kind's default (email on; push as `TIPOS_DE_AVISO[tipo].push`).
 */
export const preferenciasDeAviso = pgTable(
  'preferencias_de_aviso',
  {
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 40 }).notNull(),
    email: boolean('email'),
    push: boolean('push'),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.usuarioId, table.tipo] })],
);
