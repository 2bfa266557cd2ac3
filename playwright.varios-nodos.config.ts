import { defineConfig } from '@playwright/test';

/**
 * The reference deployment without containers (e2e/varios-nodos): two built nodes, PostgreSQL,
 * Redis and an S3-compatible store behind a loopback balancer. API only, no browser; one
 * worker, since the journeys share the topology and the last one stops a node.
 */
export default defineConfig({
  testDir: './e2e/varios-nodos',
  workers: 1,
  retries: 0,
  // Hang guards, not budgets.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
});
