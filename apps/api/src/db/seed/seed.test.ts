import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../../adapters/storage/local-disk-storage';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../client';
import { categorias, coberturas } from '../schema';
import { runSeed } from './index';
import { CATEGORIAS_GLOBALES, COBERTURAS } from './reference-data';

describe('runSeed', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());
  const context = () => ({
    db: database.db,
    storage: createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'cg-seed-'))),
  });

  it('loads the reference data once and skips steps already applied', async () => {
    expect(await runSeed(context(), { demo: false })).toEqual(['referencia']);
    expect(await runSeed(context(), { demo: false })).toEqual([]);
    expect(await database.db.select().from(categorias)).toHaveLength(CATEGORIAS_GLOBALES.length);
    expect(await database.db.select().from(coberturas)).toHaveLength(COBERTURAS.length);
  });

  it('is idempotent when forced', async () => {
    expect(await runSeed(context(), { demo: true, force: true })).toContain('referencia');
    expect(await database.db.select().from(categorias)).toHaveLength(CATEGORIAS_GLOBALES.length);
  });

  it('migrations can run again on an up-to-date database', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
