import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** A path of this package, whatever the working directory. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * The PostgreSQL pass (`npm run test:postgres`, TEST_DATABASE_URL set): every file already ran
 * on PGlite, so here run only what can differ on a server (docs/decisions/032-fast-ci.md):
 *
 * 1. every test file that reads TEST_DATABASE_URL: it has PostgreSQL-only parts (concurrency,
 *    crashes, two processes, migrations under a lock) or behaves differently there. A new test
 *    that needs PostgreSQL skips itself without it, so it is picked up here by that rule;
 * 2. a smoke of the core journey on the server-backed app (pool, LISTEN/NOTIFY fan-out), below.
 *
 * `vitest run` with TEST_DATABASE_URL still runs the whole suite on PostgreSQL.
 */
const smoke = [
  'src/modules/health/health.routes.test.ts',
  'src/modules/pedido/pedido.routes.test.ts',
  'src/modules/grupo-de-compra/grupo-de-compra.realtime.test.ts',
];

const readsServerUrl = readdirSync(here('src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('src', file))
  .filter((file) => readFileSync(here(file), 'utf8').includes('TEST_DATABASE_URL'))
  .sort();

if (!process.env.TEST_DATABASE_URL) {
  throw new Error('npm run test:postgres needs TEST_DATABASE_URL (a PostgreSQL server)');
}

// Not mergeConfig: it would add this include to the base one instead of replacing it.
export default defineConfig({
  ...base,
  test: { ...base.test, include: [...new Set([...readsServerUrl, ...smoke])] },
});
