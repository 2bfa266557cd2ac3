import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { ConfigError, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { usuarios } from '../db/schema';
import { runSeed, seedOptionsFrom } from '../db/seed';
import { DEMO_USUARIOS } from '../db/seed/demo-usuarios';
import { createTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

const production = { NODE_ENV: 'production' };
const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
};

/** Finding: production seeded the demo admin with the published password, and more. */
describe('security: what production refuses', () => {
  it('loads no demo data by default, and demo data only when told it is a demo', () => {
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(problemsOf({ ...production, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO.*DEMO_MODE=true/);
    expect(loadConfig({ ...production, SEED_DEMO: 'true', DEMO_MODE: 'true' }).SEED_DEMO).toBe(
      true,
    );
    expect(loadConfig({}).SEED_DEMO).toBe(true);
  });

  it('never signs in through the local test issuer unless it is a demo', () => {
    expect(loadConfig(production).GOOGLE_AUTH_MODE).toBe('off');
    expect(loadConfig({}).GOOGLE_AUTH_MODE).toBe('off');
    expect(loadConfig({ DEMO_MODE: 'true' }).GOOGLE_AUTH_MODE).toBe('local');
    expect(problemsOf({ ...production, GOOGLE_AUTH_MODE: 'local' })).toContain('GOOGLE_AUTH_MODE');
  });

  it('refuses a weak or example JWT secret', () => {
    for (const secret of [
      'change-me-change-me-change-me-change-me',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      'compragrupal-compragrupal-compragrupal-2026',
    ]) {
      expect(problemsOf({ ...production, JWT_SECRET: secret })).toContain('JWT_SECRET');
    }
    const strong = 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=';
    expect(loadConfig({ ...production, JWT_SECRET: strong }).JWT_SECRET).toBe(strong);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxies, not a blanket yes', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(problemsOf({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY');
  });

  describe('a demo in production', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openTestDatabase();
      await database.migrate();
    });
    afterAll(() => database.close());

    it('seeds the demo shopper but never an admin', async () => {
      const config = loadConfig({ ...production, SEED_DEMO: 'true', DEMO_MODE: 'true' });
      const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'cg-prod-seed-')));
      await runSeed(
        { db: database.db, storage },
        seedOptionsFrom(config, { skip: ['tiendas-demo'] }),
      );
      const byEmail = (email: string) =>
        database.db.select().from(usuarios).where(eq(usuarios.email, email));
      expect(await byEmail(DEMO_USUARIOS.comprador.email)).toHaveLength(1);
      expect(await byEmail(DEMO_USUARIOS.admin.email)).toHaveLength(0);
      expect(await database.db.select().from(usuarios).where(eq(usuarios.esAdmin, true))).toEqual(
        [],
      );
    });
  });

  it('serves the OpenAPI page only when enabled', async () => {
    const t = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    const dev = await createTestApp({ NODE_ENV: 'production', OPENAPI_ENABLED: 'true' });
    try {
      const res = await dev.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('openapi');
    } finally {
      await dev.close();
    }
  });
});
