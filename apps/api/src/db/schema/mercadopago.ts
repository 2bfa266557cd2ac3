import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { tiendas } from './tienda';
import { usuarios } from './usuario';

export const ORIGENES_CUENTA_MERCADOPAGO = ['sandbox', 'mercadopago'] as const;
export type OrigenCuentaMercadoPago = (typeof ORIGENES_CUENTA_MERCADOPAGO)[number];

/**
 * A seller's linked Mercado Pago account (OAuth): its tokens, sealed with AES-256-GCM
 * (lib/crypto/secret-box.ts), never in plain text. Whether a store is linked is still
 * `tiendas.mp_vinculado`, written in the same transaction as this row.
 */
export const cuentasMercadoPago = pgTable(
  'cuentas_mercadopago',
  {
    usuarioId: idColumn('usuario_id')
      .primaryKey()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tiendaId: idColumn('tienda_id')
      .notNull()
      .unique('cuentas_mercadopago_tienda_unique')
      .references(() => tiendas.id, { onDelete: 'cascade' }),
    /** Who issued the tokens: the embedded sandbox or real Mercado Pago. */
    origen: text('origen', { enum: ORIGENES_CUENTA_MERCADOPAGO }).notNull(),
    /** The seller's user id at Mercado Pago. */
    mpUsuarioId: varchar('mp_usuario_id', { length: 64 }).notNull(),
    accessTokenCifrado: text('access_token_cifrado').notNull(),
    refreshTokenCifrado: text('refresh_token_cifrado').notNull(),
    /** When the access token lapses. */
    expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
    /** While set and in the future, one caller is renewing the tokens (the others wait). */
    renovandoHasta: timestamp('renovando_hasta', { withTimezone: true }),
    vinculadaEn: timestamp('vinculada_en', { withTimezone: true }).notNull(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('cuentas_mercadopago_origen_check', sql`${table.origen} in ('sandbox', 'mercadopago')`),
    // The renewal job's question: which tokens lapse soon.
    index('cuentas_mercadopago_expira_idx').on(table.expiraEn),
  ],
);

/**
 * A link the seller started and has not finished: the OAuth `state` (its id, signed on the
 * way out), the PKCE verifier (sealed), the browser that started it (a hash of its cookie),
 * ten minutes to come back, and when it was used (once).
 */
export const vinculacionesMercadoPago = pgTable(
  'vinculaciones_mercadopago',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    verificadorCifrado: text('verificador_cifrado').notNull(),
    navegadorHash: varchar('navegador_hash', { length: 64 }).notNull(),
    expiraEn: timestamp('expira_en', { withTimezone: true }).notNull(),
    usadaEn: timestamp('usada_en', { withTimezone: true }),
    creadaEn: timestamp('creada_en', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('vinculaciones_mercadopago_usuario_idx').on(table.usuarioId),
    index('vinculaciones_mercadopago_expira_idx').on(table.expiraEn),
  ],
);
