import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** A path of this package, whatever the working directory. */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * Files that keep a module graph and a DOM of their own: a module mock (vi.mock, vi.doMock)
 * replaces a module for the whole module cache, fake timers may outlive their file, and React's
 * server renderer leaves context values behind that a later client render reads. Every
 * other file shares its worker's modules and DOM with the files before it (isolate: false),
 * which saves each file the environment and the imports (docs/decisions/032-fast-ci.md);
 * setup.ts resets what tests leave behind (DOM, storage, cookies, toasts, viewport).
 */
const needsIsolation =
  /\bvi\.(mock|doMock|useFakeTimers)\(|from '(@\/entry-server|react-dom\/server)'/;
const testFiles = readdirSync(here('src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('src', file));
const isolated = testFiles.filter((file) => needsIsolation.test(readFileSync(here(file), 'utf8')));

export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      environment: 'happy-dom',
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // CI runs this suite beside another on two cores: a file's first render (its lazy route
      // chunks) can take seconds. Tests wait on conditions, so a higher ceiling only changes
      // how long a real failure takes to report.
      testTimeout: 20_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'compartidos',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: isolated,
            isolate: false,
          },
        },
        { extends: true, test: { name: 'aislados', include: isolated, isolate: true } },
      ],
    },
  }),
);
