import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database of either driver (db/client.ts opens it), or a transaction of it. */
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
