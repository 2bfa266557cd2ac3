import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

/** A person with an account. Email is stored lowercased and is unique. */
export const usuarios = pgTable('usuarios', {
  id: idColumn().primaryKey(),
  nombre: text('nombre').notNull(),
  email: text('email').notNull().unique(),
  /** argon2id; null for accounts that only sign in with Google. */
  contraseniaHash: text('contrasenia_hash'),
  telefono: text('telefono').notNull().default(''),
  googleSub: text('google_sub').unique(),
  esRepartidor: boolean('es_repartidor').notNull().default(false),
  esAdmin: boolean('es_admin').notNull().default(false),
  /** When the person proved the address is theirs (a link, or Google saying so); null if never. */
  emailVerificadoEn: timestamp('email_verificado_en', { withTimezone: true }),
  direccionActivaId: idColumn('direccion_activa_id'),
  creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
});
