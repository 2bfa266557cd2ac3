import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded setup', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.RATE_LIMIT_MAX).toBeGreaterThan(0);
  });

  it('reads values and treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '8080', SEED_DEMO: 'false', DATABASE_URL: '', DATA_DIR: '' });
    expect(config.PORT).toBe(8080);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe('./data');
  });

  it('names every invalid variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'tres mil', DATABASE_URL: 'mysql://x', SEED_DEMO: 'quizas' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toContain('Configuración inválida');
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SEED_DEMO');
  });

  it('stores uploads on disk by default; an S3 bucket needs its name and public URL', () => {
    expect(loadConfig({}).STORAGE_PROVIDER).toBe('local');
    expect(() => loadConfig({ STORAGE_PROVIDER: 's3' })).toThrow(/S3_BUCKET/);
    const s3 = loadConfig({
      STORAGE_PROVIDER: 's3',
      S3_BUCKET: 'compra-grupal',
      S3_PUBLIC_URL: 'https://cdn.compragrupal.com.ar',
    });
    expect(s3).toMatchObject({ STORAGE_PROVIDER: 's3', S3_REGION: 'us-east-1' });
  });

  describe('Mercado Pago (MP_*)', () => {
    const credenciales = {
      MP_CLIENT_ID: '1234567890123456',
      MP_CLIENT_SECRET: 'secreto-del-cliente',
      MP_REDIRECT_URI: 'https://compragrupal.com.ar/api/oauth/mercadopago/callback',
    };
    const problemas = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };

    it('links with the sandbox outside production, and with Mercado Pago given its credentials', () => {
      expect(loadConfig({})).toMatchObject({
        MP_MODE: 'sandbox',
        MP_AUTH_URL: 'https://auth.mercadopago.com.ar',
        MP_API_URL: 'https://api.mercadopago.com',
      });
      expect(loadConfig(credenciales).MP_MODE).toBe('mercadopago');
      expect(loadConfig({ ...credenciales, NODE_ENV: 'production' }).MP_MODE).toBe('mercadopago');
      expect(loadConfig({ MP_MODE: 'off' }).MP_MODE).toBe('off');
    });

    it('in production the sandbox is off unless DEMO_MODE, and refused when asked for without it', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).MP_MODE).toBe('off');
      expect(loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' }).MP_MODE).toBe('sandbox');
      expect(problemas({ NODE_ENV: 'production', MP_MODE: 'sandbox' })).toEqual([
        expect.stringMatching(/^MP_MODE: .*DEMO_MODE=true/),
      ]);
    });

    it('needs the three credentials together, naming them', () => {
      for (const falta of Object.keys(credenciales)) {
        const env = { ...credenciales, [falta]: '' };
        expect(problemas(env), falta).toEqual([
          expect.stringMatching(
            /^MP_CLIENT_ID: .*MP_CLIENT_ID, MP_CLIENT_SECRET y MP_REDIRECT_URI/,
          ),
        ]);
      }
      expect(problemas({ MP_MODE: 'mercadopago' })).toHaveLength(1);
    });

    it('checks the redirect URI, the provider URLs and the encryption key', () => {
      expect(
        problemas({ ...credenciales, MP_REDIRECT_URI: 'https://compragrupal.com.ar/otra' }),
      ).toEqual([expect.stringMatching(/^MP_REDIRECT_URI: .*\/api\/oauth\/mercadopago\/callback/)]);
      expect(problemas({ MP_API_URL: 'http://api.mercadopago.com' })).toEqual([
        expect.stringMatching(/^MP_API_URL: debe ser https/),
      ]);
      expect(problemas({ MP_AUTH_URL: 'http://127.0.0.1:4010' })).toEqual([]);
      expect(problemas({ MP_TOKEN_ENCRYPTION_KEY: 'corta' })).toEqual([
        expect.stringMatching(/^MP_TOKEN_ENCRYPTION_KEY: debe ser una clave de 32 bytes/),
      ]);
      const clave = Buffer.alloc(32, 7).toString('base64');
      expect(loadConfig({ MP_TOKEN_ENCRYPTION_KEY: clave }).MP_TOKEN_ENCRYPTION_KEY).toBe(clave);
    });
  });
});
