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
});
