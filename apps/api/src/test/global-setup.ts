import type { TestProject } from 'vitest/node';
import { prepareTestDatabaseSources } from './test-snapshots';

/**
 * Migrates and seeds once per run (PGlite tarballs, or PostgreSQL template databases) what
 * every test file would otherwise migrate and seed for itself; see test-database.ts.
 */
export default async function setup(project: TestProject) {
  const { sources, dispose } = await prepareTestDatabaseSources(process.env.TEST_DATABASE_URL);
  project.provide('testDatabases', sources);
  return dispose;
}
