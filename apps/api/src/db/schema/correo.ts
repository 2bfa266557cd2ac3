import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { usuarios } from './usuario';

export const ESTADOS_CORREO = ['pendiente', 'enviado', 'fallido', 'omitido'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

/**
 * Every message the app sends (docs/decisions/039). `clave` is the idempotency key of the event
 * that caused it: a second enqueue of the same event keeps the first row. The body is rendered
 * from `plantilla` and `datos` when the job sends it; `html`, `texto` and `asunto` keep what went
 * out (the embedded mailbox at /dev/correos shows them).
 */
export const correos = pgTable(
  'correos',
  {
    id: idColumn().primaryKey(),
    clave: varchar('clave', { length: 200 }).notNull().unique(),
    para: varchar('para', { length: 254 }).notNull(),
    usuarioId: idColumn('usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    plantilla: varchar('plantilla', { length: 60 }).notNull(),
    datos: jsonb('datos').notNull(),
    estado: varchar('estado', { length: 20, enum: ESTADOS_CORREO }).notNull().default('pendiente'),
    asunto: text('asunto'),
    html: text('html'),
    texto: text('texto'),
    /** The transport's id for the message (SMTP Message-ID), once sent. */
    idExterno: text('id_externo'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
  },
  (table) => [
    index('correos_creado_idx').on(table.creadoEn),
    index('correos_usuario_idx').on(table.usuarioId),
    check(
      'correos_estado_valido',
      sql`${table.estado} in ('pendiente', 'enviado', 'fallido', 'omitido')`,
    ),
  ],
);

export const PROPOSITOS_TOKEN_DE_CUENTA = ['verificar_email', 'restablecer_contrasenia'] as const;
export type PropositoTokenDeCuenta = (typeof PROPOSITOS_TOKEN_DE_CUENTA)[number];

/**
 * Single-use links sent by email (docs/decisions/040): only the SHA-256 of the token is kept.
 * `email` is the address the link was sent to: verifying checks it is still the account's.
 */
export const tokensDeCuenta = pgTable(
  'tokens_de_cuenta',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    proposito: varchar('proposito', { length: 40, enum: PROPOSITOS_TOKEN_DE_CUENTA }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: varchar('email', { length: 254 }).notNull(),
    expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true }),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tokens_de_cuenta_usuario_idx').on(table.usuarioId, table.proposito),
    check(
      'tokens_de_cuenta_proposito_valido',
      sql`${table.proposito} in ('verificar_email', 'restablecer_contrasenia')`,
    ),
  ],
);
