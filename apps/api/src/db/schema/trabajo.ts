import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

export const ESTADOS_TRABAJO = ['pendiente', 'en_curso', 'hecho', 'fallido'] as const;
export type EstadoTrabajo = (typeof ESTADOS_TRABAJO)[number];

/** Longest error text kept in `ultimo_error`. */
export const ULTIMO_ERROR_MAX = 1000;

/**
 * Background jobs, run by the in-process runner (`jobs/job-runner.ts`). A runner claims a due
 * row with `FOR UPDATE SKIP LOCKED` and leases it until `bloqueado_hasta`; a row still
 * `en_curso` after its lease belonged to a runner that died and is claimed again.
 */
export const trabajos = pgTable(
  'trabajos',
  {
    id: idColumn().primaryKey(),
    tipo: varchar('tipo', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    estado: text('estado', { enum: ESTADOS_TRABAJO }).notNull().default('pendiente'),
    /** Claims so far; also the fencing token of the current claim. */
    intentos: integer('intentos').notNull().default(0),
    maxIntentos: integer('max_intentos').notNull(),
    ejecutarDesde: timestamp('ejecutar_desde', { withTimezone: true }).notNull(),
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true }),
    ultimoError: varchar('ultimo_error', { length: ULTIMO_ERROR_MAX }),
    /** Optional dedupe key: enqueueing the same key twice keeps one job. */
    clave: varchar('clave', { length: 200 }).unique('trabajos_clave_unique'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull(),
    actualizadoEn: timestamp('actualizado_en', { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      'trabajos_estado_check',
      sql`${table.estado} in ('pendiente', 'en_curso', 'hecho', 'fallido')`,
    ),
    check('trabajos_max_intentos_check', sql`${table.maxIntentos} >= 1`),
    // The runner's two questions: which pending jobs are due, which leases ran out.
    index('trabajos_pendientes_idx')
      .on(table.ejecutarDesde)
      .where(sql`${table.estado} = 'pendiente'`),
    index('trabajos_en_curso_idx')
      .on(table.bloqueadoHasta)
      .where(sql`${table.estado} = 'en_curso'`),
  ],
);
