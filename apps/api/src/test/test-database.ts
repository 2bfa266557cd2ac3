import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { abrirPgliteSembrado } from './pglite-reutilizable';
import {
  databaseUrl,
  seedTestDatabase,
  type TestDatabaseContent,
  type TestDatabaseSources,
  withAdminClient,
} from './test-snapshots';

export type { TestDatabaseContent } from './test-snapshots';

export interface TestDatabaseOptions {
  /** What the database starts with; `empty` (the default) is bare, not even migrated. */
  content?: TestDatabaseContent;
  /**
   * Where the seed's generated images belong (the test's DATA_DIR/uploads): the demo stores'
   * images are copied there. Without it they go to a throwaway directory.
   */
  uploadsDir?: string;
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a uniquely named database created on it and
 * dropped again on close, so runs never see each other's data.
 *
 * A seeded database starts as a copy of what the global setup migrated and seeded (a PGlite
 * tarball or a PostgreSQL template database, cached between runs: test-snapshots.ts); run
 * outside that setup, it is migrated and seeded here instead.
 */
export async function openTestDatabase({
  content = 'empty',
  uploadsDir,
}: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const sources = providedSources();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (sources && sources.kind !== (serverUrl ? 'postgres' : 'pglite')) {
    throw new Error('the global setup prepared databases for another database kind');
  }

  let database: DatabaseHandle;
  if (!serverUrl) {
    const tarball = sources?.kind === 'pglite' ? sources.tarballs[content] : undefined;
    database =
      tarball && content !== 'empty'
        ? await abrirPgliteSembrado(tarball)
        : await openDatabase({
            kind: 'pglite',
            loadDataDir: tarball ? new Blob([readFileSync(tarball)]) : undefined,
          });
  } else {
    const template = sources?.kind === 'postgres' && content !== 'empty';
    database = await createPostgresDatabase(
      serverUrl,
      template ? sources.templates[content] : undefined,
    );
  }
  if (content === 'empty') return database;

  if (sources) {
    if (content === 'seeded-with-stores' && uploadsDir) {
      cpSync(sources.demoUploadsDir, uploadsDir, { recursive: true });
    }
    return database;
  }
  const target = uploadsDir ?? mkdtempSync(join(tmpdir(), 'cg-api-test-uploads-'));
  try {
    await seedTestDatabase(database, content, target);
  } catch (error) {
    await database.close();
    throw error;
  } finally {
    if (!uploadsDir) rmSync(target, { recursive: true, force: true });
  }
  return database;
}

/** What the global setup provided, if this file runs under it. */
function providedSources(): TestDatabaseSources | undefined {
  try {
    return inject('testDatabases');
  } catch {
    return undefined;
  }
}

async function createPostgresDatabase(
  serverUrl: string,
  template: string | undefined,
): Promise<DatabaseHandle> {
  const name = `cg_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    },
  };
}
