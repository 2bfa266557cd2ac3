import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createLocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runSeed } from '../db/seed';

/**
 * What a test database starts with: `empty` is a bare database (the test migrates it),
 * `seeded` is migrated with reference data and demo users, `seeded-with-stores` adds the demo
 * stores, whose generated images live in the uploads directory that goes with them.
 */
export type TestDatabaseContent = 'empty' | 'seeded' | 'seeded-with-stores';
export type SeededContent = Exclude<TestDatabaseContent, 'empty'>;

/**
 * Made once per run by the global setup (global-setup.ts) and handed to every test file, so
 * no file migrates and seeds a database of its own: PGlite data directories dumped as
 * tarballs, or, on PostgreSQL, template databases to copy.
 */
export type TestDatabaseSources = {
  /** The images the demo stores' seed wrote (copied into each test's DATA_DIR/uploads). */
  demoUploadsDir: string;
} & (
  | { kind: 'pglite'; tarballs: Record<TestDatabaseContent, string> }
  | { kind: 'postgres'; templates: Record<SeededContent, string> }
);

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabases: TestDatabaseSources;
  }
}

/** Migrates and seeds a test database the way the application's start does. */
export async function seedTestDatabase(
  database: DatabaseHandle,
  content: SeededContent,
  uploadsDir: string,
): Promise<void> {
  await database.migrate();
  await runSeed(
    { db: database.db, storage: createLocalDiskStorage(uploadsDir) },
    // The demo groups belong to the demo stores' products: seeded with them, not before.
    { demo: true, skip: content === 'seeded-with-stores' ? [] : ['tiendas-demo', 'grupos-demo'] },
  );
}

/** Builds the sources (about as long as migrating and seeding one database) and their disposal. */
export async function prepareTestDatabaseSources(
  serverUrl: string | undefined,
): Promise<{ sources: TestDatabaseSources; dispose(): Promise<void> }> {
  const workDir = mkdtempSync(join(tmpdir(), 'cg-api-test-sources-'));
  const demoUploadsDir = join(workDir, 'uploads');
  mkdirSync(demoUploadsDir);
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  try {
    if (serverUrl) {
      const templates = await makeTemplates(serverUrl, demoUploadsDir);
      return {
        sources: { kind: 'postgres', demoUploadsDir, templates },
        dispose: async () => {
          await withAdminClient(serverUrl, async (client) => {
            for (const name of Object.values(templates)) {
              await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            }
          });
          removeWorkDir();
        },
      };
    }
    const tarballs = await makeTarballs(workDir, demoUploadsDir);
    return {
      sources: { kind: 'pglite', demoUploadsDir, tarballs },
      dispose: async () => removeWorkDir(),
    };
  } catch (error) {
    removeWorkDir();
    throw error;
  }
}

/** One in-memory PGlite, dumped bare, then seeded, then with the demo stores. */
async function makeTarballs(workDir: string, demoUploadsDir: string) {
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = async (content: TestDatabaseContent) => {
    const path = join(workDir, `${content}.tar`);
    const tarball = await client.dumpDataDir('none');
    writeFileSync(path, Buffer.from(await tarball.arrayBuffer()));
    return path;
  };
  try {
    const empty = await dump('empty');
    await seedTestDatabase(database, 'seeded', demoUploadsDir);
    const seeded = await dump('seeded');
    await seedTestDatabase(database, 'seeded-with-stores', demoUploadsDir);
    const seededWithStores = await dump('seeded-with-stores');
    return { empty, seeded, 'seeded-with-stores': seededWithStores };
  } finally {
    await database.close();
  }
}

/**
 * Two template databases on the server. A template must have no open connection while it is
 * copied, so each is closed before use.
 */
async function makeTemplates(serverUrl: string, demoUploadsDir: string) {
  const prefix = `cg_test_template_${randomBytes(4).toString('hex')}`;
  const templates: Record<SeededContent, string> = {
    seeded: `${prefix}_seeded`,
    'seeded-with-stores': `${prefix}_tiendas`,
  };
  const seedTemplate = async (content: SeededContent, from?: string) => {
    const name = templates[content];
    const template = from ? ` TEMPLATE "${from}"` : '';
    await withAdminClient(serverUrl, (client) =>
      client.query(`CREATE DATABASE "${name}"${template}`),
    );
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    try {
      await seedTestDatabase(database, content, demoUploadsDir);
    } finally {
      await database.close();
    }
  };
  try {
    await seedTemplate('seeded');
    await seedTemplate('seeded-with-stores', templates.seeded);
  } catch (error) {
    await withAdminClient(serverUrl, async (client) => {
      for (const name of Object.values(templates)) {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    });
    throw error;
  }
  return templates;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
