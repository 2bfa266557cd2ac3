import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Big enough to be worth compressing, as the build's threshold requires.
const script = `console.log(${JSON.stringify('compra grupal '.repeat(200))});`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const asset = join(webDist, 'assets', 'app-abc123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({ WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/assets/app-abc123.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app, precompressed', () => {
  it('sends brotli to a browser that takes it, with Vary and the long cache', async () => {
    const res = await get('gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await get('gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that takes no encoding', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(script);
  });
});
