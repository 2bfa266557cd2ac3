import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  jsonb,
  pgTable,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The outbox: realtime events recorded by services inside their transaction, published to
 * socket.io by `realtime/outbox-publisher.ts` once committed, in `id` order, and deleted when
 * published. Writers hold a shared lock on a row's room from before its `id` is taken to their
 * end (`realtime/outbox.repository.ts`); the publisher takes a room only when it can lock it
 * exclusively, so the ids it sees of that room are final and it waits for no unrelated
 * transaction (docs/decisions/035). `transaccion` is the writing transaction's id (what
 * `discardPending` deletes by).
 */
export const eventosSalientes = pgTable(
  'eventos_salientes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sala: varchar('sala', { length: 100 }).notNull(),
    evento: varchar('evento', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    transaccion: bigint('transaccion', { mode: 'number' })
      .notNull()
      .default(sql`pg_current_xact_id()::text::bigint`),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('eventos_salientes_transaccion_idx').on(table.transaccion)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Where `@socket.io/postgres-adapter` keeps packets too large for a NOTIFY (with PostgreSQL
 * only; its default table name). The adapter deletes old rows itself.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'number' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
