import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Migrates and seeds once per run; every test file starts from a copy (test-database.ts).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/contract-check.setup.ts'],
    // Files share their worker's module cache: importing the app and starting PGlite's WASM once
    // per worker instead of once per file takes a third off the suite. Every file builds its own
    // app and database, so no state crosses files through modules.
    isolate: false,
    // One file per core, not vitest's cores minus one: the files wait on sockets and databases
    // as much as they compute, and on two cores the default ran them one at a time.
    maxWorkers: availableParallelism(),
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Transformed modules kept on disk between runs: a second run of one file skips
    // transforming the app's few hundred modules.
    experimental: { fsModuleCache: true },
  },
});
