import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the files the server reads are (docs/decisions/047). Built, this module is part of
 * dist/server.js, and everything is beside the bundle: db/ (migrations and SQL functions,
 * copied by tsup.config.ts) and web/ (the web app, with the renderer of the public pages in
 * web-server/ beside it). From source (tsx, vitest) this is src/paths.ts: db/ is beside it,
 * and the built web app is read from the build, apps/api/dist.
 */
const here = dirname(fileURLToPath(import.meta.url));
const fromSource = import.meta.url.endsWith('.ts');

export const migrationsDir = join(here, 'db/migrations');
export const functionsDir = join(here, 'db/functions');
export const defaultWebDistDir = join(fromSource ? join(here, '../dist') : here, 'web');
