import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const ESPERAS = ['**/pedidos-terminados.spec.ts', '**/tiempo-real-tras-una-caida.spec.ts'];

/** Journeys in Debian's Chromium against the built app, started by e2e/global-setup.ts. */
export default defineConfig({
  testDir: './e2e',
  // The many-node journeys have their own configuration (playwright.varios-nodos.config.ts).
  testIgnore: 'varios-nodos/**',
  globalSetup: './e2e/global-setup.ts',
  // Every test makes its own users, stores and products (e2e/fixtures.ts): any two can run at once.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Hang guards, not budgets (those live in `npm run bench`): every test first makes its own
  // sellers, stores and products through the API, and CI may share the machine, where a 20 s
  // journey took three times as long.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // The app's service worker (docs/decisions/056) would serve pages and scripts from its
    // cache across the journeys' restarts and reloads: only e2e/app-instalable.spec.ts, which
    // is about it, allows it.
    serviceWorkers: 'block',
  },
  // The journeys that mostly wait (a reservation running out on a server of their own, a
  // 30 s outage) are queued first, so their waits overlap the other journeys instead of
  // making the suite's tail.
  projects: [
    {
      name: 'esperas',
      testMatch: ESPERAS,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: ['varios-nodos/**', ...ESPERAS],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
