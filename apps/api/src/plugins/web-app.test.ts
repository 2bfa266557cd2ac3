import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Big enough that compressing it pays.
const script = `console.log(${JSON.stringify('compra grupal '.repeat(200))});`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Compra Grupal</title></head><body><div id="root"></div></body></html>',
  );
  const asset = join(webDist, 'assets', 'app-abc123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  // The installable app's files, as vite-plugin-pwa writes them (docs/decisions/056).
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Compra Grupal"}');
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

describe("the installable app's files (docs/decisions/056)", () => {
  it('serves the service worker as JavaScript, asked again at every check for a new version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its own type', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the page of a screen opened directly', () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url });
  const preloads = (html: string) =>
    [
      ...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g),
    ].map((match) => match[1]);
  const id = 'a10000000000000000000001';

  it("names the store's and the product's first answer, so it travels with the app's code", async () => {
    const store = await page(`/store/${id}`);
    expect(store.headers['content-type']).toContain('text/html');
    expect(store.headers['cache-control']).toBe('no-cache');
    expect(preloads(store.body)).toEqual([`/api/tienda/con-productos/${id}`]);
    expect(store.body.indexOf('rel="preload"')).toBeLessThan(store.body.indexOf('</head>'));

    expect(preloads((await page(`/product/${id}?ref=compartir`)).body)).toEqual([
      `/api/producto/${id}`,
    ]);
  });

  it('names nothing elsewhere, nor for a path that is not an id', async () => {
    for (const url of ['/', '/cart', `/group/${id}`, '/store/abc', `/store/${id}"><script>`]) {
      const res = await page(url);
      expect(res.body, url).toContain('<div id="root">');
      expect(preloads(res.body), url).toEqual([]);
      expect(res.body, url).not.toContain('<script>');
    }
  });
});

describe('pages count against their address (issue 34)', () => {
  let limitado: TestApp;
  beforeAll(async () => {
    limitado = await createTestApp({ WEB_DIST_DIR: webDist, RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => limitado.close());

  it('past RATE_LIMIT_MAX pages in the window an address gets 429 with Retry-After; another goes on', async () => {
    const pagina = (i: number, remoteAddress: string) =>
      limitado.app.inject({ method: 'GET', url: `/store/no-existe-${i}`, remoteAddress });
    for (let i = 0; i < 5; i++) expect((await pagina(i, '203.0.113.9')).statusCode).not.toBe(429);
    const pasada = await pagina(5, '203.0.113.9');
    expect(pasada.statusCode).toBe(429);
    expect(Number(pasada.headers['retry-after'])).toBeGreaterThan(0);
    expect(pasada.headers['content-type']).toContain('text/html');
    expect(pasada.body).toContain('Demasiadas solicitudes');
    expect((await pagina(6, '203.0.113.10')).statusCode).not.toBe(429);
  });
});
