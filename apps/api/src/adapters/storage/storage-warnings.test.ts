import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';
import { avisoDeAlmacenamiento } from './storage-warnings';

// buildApp takes the database it is handed: DATABASE_URL here only says "a server database",
// and names a port where nothing listens, so that nothing could use it unnoticed.
const SERVER_DATABASE = { DATABASE_URL: 'postgres://nadie@127.0.0.1:1/ninguna' };
const S3 = {
  STORAGE_PROVIDER: 's3',
  S3_BUCKET: 'compra-grupal',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_PUBLIC_URL: 'http://imagenes.lan:9000/compra-grupal',
};

describe('where uploads live, told at start', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('warns only for a server database with uploads on local disk', () => {
    expect(avisoDeAlmacenamiento(loadConfig({ ...SERVER_DATABASE }))).toMatch(
      /disco de este nodo.*volumen compartido.*STORAGE_PROVIDER=s3/,
    );
    expect(avisoDeAlmacenamiento(loadConfig({}))).toBeUndefined();
    expect(avisoDeAlmacenamiento(loadConfig({ ...SERVER_DATABASE, ...S3 }))).toBeUndefined();
  });

  it('logs the warning once, at warn level, when the app starts', async () => {
    const lines: { level: number; msg: string }[] = [];
    t = await createTestApp(
      { ...SERVER_DATABASE, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    );
    const avisos = lines.filter((line) => line.msg.includes('STORAGE_PROVIDER=s3'));
    expect(avisos).toEqual([{ ...avisos[0], level: 40 }]);
  });

  it('lets the pages load pictures from the bucket, over http too', async () => {
    t = await createTestApp({ ...SERVER_DATABASE, ...S3 });
    const res = await t.app.inject({ url: '/api/health' });
    const imgSrc = /img-src ([^;]+)/.exec(res.headers['content-security-policy'] as string)?.[1];
    expect(imgSrc?.split(' ')).toContain('http://imagenes.lan:9000');
  });
});
