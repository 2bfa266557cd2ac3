import { doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { usuarios } from './usuario';

/** A user's saved delivery address. Coordinates are null for addresses typed at sign-up. */
export const direcciones = pgTable(
  'direcciones',
  {
    id: idColumn().primaryKey(),
    usuarioId: idColumn('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    direccion: text('direccion').notNull(),
    // Street and number as typed; null on addresses saved before they were asked for.
    calle: text('calle'),
    altura: text('altura'),
    departamento: text('departamento'),
    descripcion: text('descripcion'),
    ciudad: text('ciudad').notNull(),
    provincia: text('provincia').notNull(),
    codigoPostal: text('codigo_postal'),
    pais: text('pais').notNull().default('Argentina'),
    latitud: doublePrecision('latitud'),
    longitud: doublePrecision('longitud'),
    creadoEn: timestamp('creado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('direcciones_usuario_idx').on(table.usuarioId)],
);
