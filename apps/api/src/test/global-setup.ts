import type { TestProject } from 'vitest/node';
import { prepareTestDatabaseSources } from './test-snapshots';

/**
 * Hands every test file the migrated and seeded databases (PGlite tarballs, or PostgreSQL
 * template databases) that it would otherwise migrate and seed for itself; see
 * test-database.ts. They are cached under a key of the sources that make them
 * (test-snapshots.ts), so a run migrates and seeds only after those change, once a day.
 */
export default async function setup(project: TestProject) {
  const { sources, dispose } = await prepareTestDatabaseSources(process.env.TEST_DATABASE_URL);
  project.provide('testDatabases', sources);
  return dispose;
}
