import { char } from 'drizzle-orm/pg-core';

/** Primary and foreign keys are ObjectId-style ids: 24 lowercase hex characters. */
export const idColumn = (name = 'id') => char(name, { length: 24 });
