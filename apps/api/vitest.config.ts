import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** A path of this package, whatever the working directory. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * Files that replace a module (vi.mock, vi.doMock): the replacement would stay in the worker's
 * shared module cache for the files after it (a held password hash made a later file's seed
 * wait forever), so they run isolated.
 */
const aislados = readdirSync(here('src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('src', file))
  .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(here(file), 'utf8')));

export default defineConfig({
  test: {
    environment: 'node',
    // Migrates and seeds once per run; every test file starts from a copy (test-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/contract-check.setup.ts'],
    // One file per core, not vitest's cores minus one: the files wait on sockets and databases
    // as much as they compute, and on two cores the default ran them one at a time.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Transformed modules kept on disk between runs: a second run of one file skips
    // transforming the app's few hundred modules.
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        // Files share their worker's module cache: importing the app and starting PGlite's WASM
        // once per worker instead of once per file takes a third off the suite. Every file
        // builds its own app and database, so no state crosses files through modules.
        test: {
          name: 'compartidos',
          include: ['src/**/*.test.ts'],
          exclude: aislados,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'aislados', include: aislados, isolate: true } },
    ],
  },
});
