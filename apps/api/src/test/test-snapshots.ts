import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../db/client';
import { functionsDir, migrationsDir } from '../paths';

/**
 * What a test database starts with: `empty` is a bare database (the test migrates it),
 * `seeded` is migrated with reference data and demo users, `seeded-with-stores` adds the demo
 * stores, whose generated images live in the uploads directory that goes with them.
 */
export type TestDatabaseContent = 'empty' | 'seeded' | 'seeded-with-stores';
export type SeededContent = Exclude<TestDatabaseContent, 'empty'>;

/**
 * Made by the global setup (global-setup.ts) when the cache has none for the current sources,
 * and handed to every test file, so no file migrates and seeds a database of its own: PGlite
 * data directories dumped as tarballs, or, on PostgreSQL, template databases to copy.
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
  // Imported when a database is made, not by every run's global setup that finds it cached.
  const [{ runSeed }, { createLocalDiskStorage }] = await Promise.all([
    import('../demo'),
    import('../adapters/storage/local-disk-storage'),
  ]);
  await runSeed(
    { db: database.db, storage: createLocalDiskStorage(uploadsDir) },
    // The demo groups belong to the demo stores' products: seeded with them, not before.
    { demo: true, skip: content === 'seeded-with-stores' ? [] : ['tiendas-demo', 'grupos-demo'] },
  );
}

/**
 * What every file that decides a test database's content: the sources the global setup imports
 * (followed import by import from this file, so the seed is found wherever it lives), the
 * migrations and SQL functions it applies, the lock file (PGlite's version writes the tarballs;
 * fonts and sharp draw the demo images) and the day (the demo orders are dated from now).
 */
export function testDatabaseKey(): string {
  const hash = createHash('sha256');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file)) return;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      const base = specifier.startsWith('.')
        ? resolve(dirname(file), specifier)
        : specifier === '@compra-grupal/contracts'
          ? join(repoRoot, 'packages/contracts/src/index')
          : undefined;
      const found = base && RESOLVE.map((end) => base + end).find(isFile);
      if (found) visit(found);
    }
  };
  visit(fileURLToPath(import.meta.url));
  for (const dir of [migrationsDir, functionsDir]) {
    for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      if (isFile(join(dir, entry))) files.add(join(dir, entry));
    }
  }
  files.add(join(repoRoot, 'package-lock.json'));
  for (const file of [...files].sort()) {
    hash
      .update(`${relative(repoRoot, file)}\0`)
      .update(readFileSync(file))
      .update('\0');
  }
  hash.update(new Date().toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 16);
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:import\(|import)\s*['"]([^'"]+)['"]/g;
const RESOLVE = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.js'];
const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
/** Where the prepared databases stay between runs (`npm ci` empties it). */
const cacheRoot =
  process.env.TEST_DATABASE_CACHE_DIR ?? join(repoRoot, 'node_modules/.cache/cg-test-databases');

/**
 * The sources for this run, from the cache when a run with the same key made them (well under
 * a second), else made now (about as long as migrating and seeding one database) and kept.
 */
export async function prepareTestDatabaseSources(
  serverUrl: string | undefined,
): Promise<{ sources: TestDatabaseSources; dispose(): Promise<void> }> {
  const key = testDatabaseKey();
  if (serverUrl) {
    const server = createHash('sha256').update(serverUrl).digest('hex').slice(0, 8);
    const dir = join(cacheRoot, `${key}-postgres-${server}`);
    const templates: Record<SeededContent, string> = {
      seeded: `cg_test_tpl_${key}_seeded`,
      'seeded-with-stores': `cg_test_tpl_${key}_tiendas`,
    };
    const have = await withAdminClient(serverUrl, async (client) => {
      const { rows } = await client.query(
        'SELECT datname FROM pg_database WHERE datname = ANY($1)',
        [Object.values(templates)],
      );
      return rows.length;
    });
    if (have !== 2 || !existsSync(dir)) {
      await cached(dir, (workDir) => makeTemplates(serverUrl, templates, join(workDir, 'uploads')));
    }
    return {
      sources: { kind: 'postgres', demoUploadsDir: join(dir, 'uploads'), templates },
      dispose: async () => {},
    };
  }
  const dir = join(cacheRoot, `${key}-pglite`);
  if (!existsSync(dir)) await cached(dir, (workDir) => makeTarballs(workDir));
  const tarballs = Object.fromEntries(
    CONTENTS.map((content) => [content, join(dir, `${content}.tar`)]),
  ) as Record<TestDatabaseContent, string>;
  return {
    sources: { kind: 'pglite', demoUploadsDir: join(dir, 'uploads'), tarballs },
    dispose: async () => {},
  };
}

const CONTENTS: TestDatabaseContent[] = ['empty', 'seeded', 'seeded-with-stores'];

/**
 * Makes a cache entry in a directory of its own and renames it into place, so a run never sees
 * half an entry and two runs making the same one at once both end with a whole one. Entries of
 * other keys older than a day go.
 */
async function cached(dir: string, make: (workDir: string) => Promise<void>): Promise<void> {
  mkdirSync(cacheRoot, { recursive: true });
  const workDir = mkdtempSync(join(cacheRoot, 'tmp-'));
  try {
    mkdirSync(join(workDir, 'uploads'));
    await make(workDir);
    rmSync(dir, { recursive: true, force: true });
    renameSync(workDir, dir);
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  const dayAgo = Date.now() - 86_400_000;
  for (const entry of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, entry);
    if (path !== dir && statSync(path).mtimeMs < dayAgo) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** One in-memory PGlite, dumped bare, then seeded, then with the demo stores. */
async function makeTarballs(workDir: string) {
  const demoUploadsDir = join(workDir, 'uploads');
  const { openDatabase } = await import('../db/client');
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = async (content: TestDatabaseContent) => {
    const tarball = await client.dumpDataDir('none');
    writeFileSync(join(workDir, `${content}.tar`), Buffer.from(await tarball.arrayBuffer()));
  };
  try {
    await dump('empty');
    await seedTestDatabase(database, 'seeded', demoUploadsDir);
    await dump('seeded');
    await seedTestDatabase(database, 'seeded-with-stores', demoUploadsDir);
    await dump('seeded-with-stores');
  } finally {
    await database.close();
  }
}

/**
 * The two template databases on the server, made under other names and renamed into place
 * (a template must have no open connection while it is copied, so each is closed before).
 * Templates of other keys older than a day are dropped.
 */
async function makeTemplates(
  serverUrl: string,
  templates: Record<SeededContent, string>,
  demoUploadsDir: string,
) {
  const building = `cg_test_building_${randomBytes(4).toString('hex')}`;
  const temporary: Record<SeededContent, string> = {
    seeded: `${building}_seeded`,
    'seeded-with-stores': `${building}_tiendas`,
  };
  const seedTemplate = async (content: SeededContent, from?: string) => {
    const name = temporary[content];
    const template = from ? ` TEMPLATE "${from}"` : '';
    await withAdminClient(serverUrl, (client) =>
      client.query(`CREATE DATABASE "${name}"${template}`),
    );
    const { openDatabase } = await import('../db/client');
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
    try {
      await seedTestDatabase(database, content, demoUploadsDir);
    } finally {
      await database.close();
    }
  };
  try {
    await seedTemplate('seeded');
    await seedTemplate('seeded-with-stores', temporary.seeded);
    await withAdminClient(serverUrl, async (client) => {
      for (const content of ['seeded', 'seeded-with-stores'] as const) {
        await client.query(`DROP DATABASE IF EXISTS "${templates[content]}" WITH (FORCE)`);
        await client.query(
          `ALTER DATABASE "${temporary[content]}" RENAME TO "${templates[content]}"`,
        );
        await client.query(
          `COMMENT ON DATABASE "${templates[content]}" IS '${new Date().toISOString()}'`,
        );
      }
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database
          WHERE datname LIKE 'cg\\_test\\_tpl\\_%' AND NOT (datname = ANY($1))
            AND coalesce(shobj_description(oid, 'pg_database'), '') < $2`,
        [Object.values(templates), new Date(Date.now() - 86_400_000).toISOString()],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    });
  } finally {
    await withAdminClient(serverUrl, async (client) => {
      for (const name of Object.values(temporary)) {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    });
  }
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
