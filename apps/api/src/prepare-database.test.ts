import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './adapters/storage/local-disk-storage';
import { type DatabaseHandle, openDatabase } from './db/client';
import { usuarios } from './db/schema';
import { seedSteps } from './demo';
import { prepareDatabase } from './prepare-database';

const serverUrl = process.env.TEST_DATABASE_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Two API processes started at the same moment on a fresh database: each has its own pool
 * (as two processes do) and runs what server.ts runs at start. Without the startup lock the
 * second dies on a duplicate key of pg_type or pg_namespace, or seeds twice.
 */
describe.skipIf(!serverUrl)('prepareDatabase on PostgreSQL', () => {
  const name = `cg_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-prepare-'));
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    handles = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: `${url}` })),
    );
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('two processes starting together on a fresh database both come up, seeded once', async () => {
    const results = await Promise.allSettled(
      handles.map((database, i) =>
        prepareDatabase(
          database,
          { storage: createLocalDiskStorage(join(dataDir, `uploads-${i}`)) },
          { demo: true },
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const ran = results.map((result) => (result.status === 'fulfilled' ? result.value : []));
    // One of them ran every step; the other found nothing left to do.
    expect(ran.map((steps) => steps.length).sort()).toEqual([0, seedSteps.length]);
    for (const database of handles) {
      await expect(database.ping()).resolves.toBeUndefined();
      expect((await database.db.select().from(usuarios)).length).toBeGreaterThan(0);
    }
  });
});
