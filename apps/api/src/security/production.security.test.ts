import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from '../adapters/storage/local-disk-storage';
import { buildApp } from '../app';
import { type Config, ConfigError, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { appMeta, usuarios } from '../db/schema';
import { runSeed, seedOptionsFrom } from '../demo';
import { DEMO_USUARIOS } from '../demo/demo-usuarios';
import { createTestApp } from '../test/test-app';
import { openTestDatabase } from '../test/test-database';

/**
 * What every production start needs: a public URL, a JWT secret and an SMTP server (all refused
 * when absent). Nothing connects to the SMTP server until a message is sent.
 */
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://compragrupal.com.ar',
  JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};
const MP_TOKEN_ENCRYPTION_KEY = Buffer.alloc(32, 5).toString('base64');
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
    expect(
      loadConfig({ ...production, SEED_DEMO: 'true', DEMO_MODE: 'true', MP_TOKEN_ENCRYPTION_KEY })
        .SEED_DEMO,
    ).toBe(true);
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

  /**
   * Finding: TRUST_PROXY=99 or 0.0.0.0/1,128.0.0.0/1 trusted every client's X-Forwarded-For,
   * and 0.0.0.0/0 crashed the start with proxy-addr's raw TypeError.
   */
  describe('TRUST_PROXY values from the finding, through loadConfig and a real Fastify', () => {
    const forged = { 'x-forwarded-for': '1.2.3.4' };
    /** The client IP Fastify settles on for a request from `remoteAddress` with a forged header. */
    async function ipSeen(trustProxy: Config['TRUST_PROXY'], remoteAddress: string) {
      const app = Fastify({
        // As app.ts passes it: a hop count as a function of the hop.
        trustProxy:
          typeof trustProxy === 'number'
            ? (_address: string, hop: number) => hop < trustProxy
            : trustProxy,
      });
      app.get('/', async (request) => ({ ip: request.ip }));
      try {
        return (await app.inject({ url: '/', remoteAddress, headers: forged })).json().ip;
      } finally {
        await app.close();
      }
    }

    it.each([
      '99',
      '6',
      '0.0.0.0/1,128.0.0.0/1',
      '0.0.0.0/0',
      '::/0',
      '2001:db8::/31',
      '10.0.0.0/7',
      'basura',
    ])('%s is a config message naming TRUST_PROXY, never a TypeError', (TRUST_PROXY) => {
      let caught: unknown;
      try {
        loadConfig({ ...production, TRUST_PROXY });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ConfigError);
      expect((caught as ConfigError).problems).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    });

    it('1 and 5 hops: the client of the last trusted proxy, not what the client wrote', async () => {
      const one = loadConfig({ ...production, TRUST_PROXY: '1' }).TRUST_PROXY;
      expect(await ipSeen(one, '10.0.0.2')).toBe('1.2.3.4');
      const five = loadConfig({ ...production, TRUST_PROXY: '5' }).TRUST_PROXY;
      expect(five).toBe(5);
    });

    it('10.0.0.0/8 and 2001:db8::/32: only those proxies are believed', async () => {
      const v4 = loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY;
      expect(await ipSeen(v4, '10.20.30.40')).toBe('1.2.3.4');
      expect(await ipSeen(v4, '203.0.113.9')).toBe('203.0.113.9');
      const v6 = loadConfig({ ...production, TRUST_PROXY: '2001:db8::/32' }).TRUST_PROXY;
      expect(await ipSeen(v6, '2001:db8:5::1')).toBe('1.2.3.4');
      expect(await ipSeen(v6, '2001:db9::1')).toBe('2001:db9::1');
      expect(await ipSeen(v6, '203.0.113.9')).toBe('203.0.113.9');
    });
  });

  describe('secrets are never generated into the database in production', () => {
    it('the server refuses to start, one line per problem, before it opens the database', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cg-prod-start-'));
      const server = fileURLToPath(new URL('../server.ts', import.meta.url));
      try {
        const child = spawn(process.execPath, ['--import', 'tsx', server], {
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            PORT: '0',
            HOST: '127.0.0.1',
            DATABASE_URL: '',
            PUBLIC_URL: '',
            JWT_SECRET: '',
            MP_TOKEN_ENCRYPTION_KEY: '',
            MP_CLIENT_ID: '1234567890123456',
            MP_CLIENT_SECRET: 'secreto-del-cliente',
            MP_REDIRECT_URI: 'https://compragrupal.com.ar/api/oauth/mercadopago/callback',
            MP_WEBHOOK_SECRET: '',
            SMTP_URL: '',
            TRUST_PROXY: '0.0.0.0/0',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
        });
        const code = await new Promise<number | null>((resolve, reject) => {
          child.once('error', reject);
          child.once('close', resolve);
        });
        expect(code, stderr).toBe(1);
        const lines = stderr.trim().split('\n');
        expect(lines).toEqual([
          'Configuración inválida / Invalid configuration:',
          expect.stringMatching(/^ {2}- TRUST_PROXY: «0\.0\.0\.0\/0» es una red demasiado amplia/),
          expect.stringMatching(/^ {2}- PUBLIC_URL: en producción es obligatoria/),
          expect.stringMatching(/^ {2}- JWT_SECRET: en producción es obligatoria/),
          expect.stringMatching(/^ {2}- MP_TOKEN_ENCRYPTION_KEY: en producción/),
          expect.stringMatching(/^ {2}- MP_WEBHOOK_SECRET: en producción con Mercado Pago/),
          expect.stringMatching(/^ {2}- SMTP_URL: en producción es obligatoria/),
        ]);
        // Nothing was written: not even the embedded database was created.
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });

    describe('and the app refuses too when handed a production config without them', () => {
      let database: DatabaseHandle;
      beforeAll(async () => {
        database = await openTestDatabase();
        await database.migrate();
      });
      afterAll(() => database.close());
      /** What app_meta holds besides the seed's bookkeeping (`seed:<step>`). */
      const storedSecrets = async () =>
        (await database.db.select({ key: appMeta.key }).from(appMeta)).filter(
          (row) => !row.key.startsWith('seed:'),
        );
      const dataDir = () => mkdtempSync(join(tmpdir(), 'cg-prod-app-'));
      const valid = (env: Record<string, string> = {}) =>
        loadConfig({ ...production, LOG_LEVEL: 'silent', DATA_DIR: dataDir(), ...env });

      it('no JWT_SECRET: a ConfigError naming it, and no jwt_secret in app_meta', async () => {
        const config = { ...valid(), JWT_SECRET: undefined };
        await expect(buildApp({ config, database })).rejects.toThrow(ConfigError);
        await expect(buildApp({ config, database })).rejects.toThrow(/JWT_SECRET: en producción/);
        expect(await storedSecrets()).toEqual([]);
      });

      it('no MP_TOKEN_ENCRYPTION_KEY with the demo sandbox: a ConfigError naming it, nothing stored', async () => {
        const config = {
          ...valid({ DEMO_MODE: 'true', MP_TOKEN_ENCRYPTION_KEY }),
          MP_TOKEN_ENCRYPTION_KEY: undefined,
        };
        expect(config.MP_MODE).toBe('sandbox');
        await expect(buildApp({ config, database })).rejects.toThrow(
          /MP_TOKEN_ENCRYPTION_KEY: en producción/,
        );
        expect(await storedSecrets()).toEqual([]);
      });

      it('the demo seed in production refuses to generate the Mercado Pago key', async () => {
        const config = {
          ...valid({ DEMO_MODE: 'true', SEED_DEMO: 'true', MP_TOKEN_ENCRYPTION_KEY }),
          MP_TOKEN_ENCRYPTION_KEY: undefined,
        };
        const storage = createLocalDiskStorage(mkdtempSync(join(tmpdir(), 'cg-prod-seed-')));
        await expect(
          runSeed({ db: database.db, storage }, seedOptionsFrom(config)),
        ).rejects.toThrow(/MP_TOKEN_ENCRYPTION_KEY: en producción/);
        expect(await storedSecrets()).toEqual([]);
      });

      it('with its secrets configured it starts, and keeps none of them in app_meta', async () => {
        const app = await buildApp({ config: valid({ MP_TOKEN_ENCRYPTION_KEY }), database });
        try {
          expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
        // Mercado Pago off without a key starts too: nothing is sealed, nothing stored.
        const off = await buildApp({ config: valid(), database });
        await off.close();
        expect(await storedSecrets()).toEqual([]);
      });
    });
  });

  describe('a demo in production', () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await openTestDatabase();
      await database.migrate();
    });
    afterAll(() => database.close());

    it('seeds the demo shopper but never an admin', async () => {
      const config = loadConfig({
        ...production,
        SEED_DEMO: 'true',
        DEMO_MODE: 'true',
        MP_TOKEN_ENCRYPTION_KEY,
      });
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
    const t = await createTestApp(production);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    const dev = await createTestApp({ ...production, OPENAPI_ENABLED: 'true' });
    try {
      const res = await dev.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('openapi');
    } finally {
      await dev.close();
    }
  });
});
