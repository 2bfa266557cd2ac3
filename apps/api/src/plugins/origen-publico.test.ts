import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { direccionParaAbrir } from '../lib/direccion-para-abrir';
import { createTestApp, type TestApp } from '../test/test-app';

const PUBLIC_URL = 'http://127.0.0.1:4321';
/** What a browser sends when it opens a page. */
const NAVEGADOR = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'cg-web-origen-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Compra Grupal</title>');
});
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const abrir = (t: TestApp, url: string, host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, accept: NAVEGADOR, ...headers } });

describe('one origin: pages asked for on another host go to PUBLIC_URL (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist, PUBLIC_URL });
  });
  afterAll(async () => t.close());

  it('sends a page opened on localhost to the same path and query on 127.0.0.1 (302)', async () => {
    const res = await abrir(
      t,
      '/multi-payment-checkout?pedidoId=abc&paymentSuccess=true',
      'localhost:4321',
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${PUBLIC_URL}/multi-payment-checkout?pedidoId=abc&paymentSuccess=true`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await abrir(t, '/', 'localhost:4321')).headers.location).toBe(`${PUBLIC_URL}/`);
  });

  it('serves the page on PUBLIC_URL itself', async () => {
    const res = await abrir(t, '/my-orders', '127.0.0.1:4321');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('never redirects the API, the sandbox pages the payment posts to, socket.io or uploads', async () => {
    const salud = await abrir(t, '/api/health', 'localhost:4321');
    expect(salud.statusCode).toBe(200);
    const sandbox = await abrir(t, '/api/sandbox/mercadopago/checkout?pref_id=x', 'localhost:4321');
    expect(sandbox.statusCode).not.toBe(302);
    expect(sandbox.headers.location).toBeUndefined();
    const socket = await abrir(t, '/socket.io/?EIO=4&transport=polling', 'localhost:4321');
    expect(socket.headers.location).toBeUndefined();
    const upload = await abrir(t, '/uploads/no-existe.jpg', 'localhost:4321');
    expect(upload.statusCode).toBe(404);
  });

  it("never sends the browser anywhere but PUBLIC_URL's origin, whatever the Host says", async () => {
    for (const host of [
      'atacante.example',
      'atacante.example:4321',
      '127.0.0.1:4321.atacante.example',
      'localhost:4321@atacante.example',
    ]) {
      const res = await abrir(t, '/login', host);
      expect(res.statusCode, host).toBe(302);
      expect(new URL(String(res.headers.location)).origin, host).toBe(PUBLIC_URL);
    }
    // A path that reads like another host stays a path on PUBLIC_URL.
    const doble = await abrir(t, '//atacante.example/login', 'localhost:4321');
    expect(new URL(String(doble.headers.location)).origin).toBe(PUBLIC_URL);
    // Without TRUST_PROXY a forwarded host is not believed: still PUBLIC_URL.
    const reenviado = await abrir(t, '/login', 'localhost:4321', {
      'x-forwarded-host': 'atacante.example',
    });
    expect(reenviado.headers.location).toBe(`${PUBLIC_URL}/login`);
  });

  it('leaves alone what is not a browser opening a page (no text/html in Accept)', async () => {
    const fetchDeAlgo = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'localhost:4321', accept: '*/*' },
    });
    expect(fetchDeAlgo.statusCode).toBe(200);
  });
});

describe('one origin in production', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://compragrupal.example.com.ar',
    JWT_SECRET: 'Kq8vX2mZ7pL4wR9tY6nB3cF1hJ5dG0sA-prod-origen',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    MP_MODE: 'off',
    SEED_DEMO: 'false',
    WEB_DIST_DIR: '',
  };

  it('behind a trusted proxy, sends a page asked for on another host to PUBLIC_URL, keeping path and query', async () => {
    const t = await createTestApp({ ...production, WEB_DIST_DIR: webDist, TRUST_PROXY: '1' });
    try {
      const otro = await abrir(t, '/my-orders?x=1', 'app:3000', {
        'x-forwarded-host': 'www.compragrupal.example.com.ar',
        'x-forwarded-proto': 'https',
      });
      expect(otro.statusCode).toBe(302);
      expect(otro.headers.location).toBe('https://compragrupal.example.com.ar/my-orders?x=1');
      // The proxy forwards the public host over plain http: no loop, the page is served.
      const mismo = await abrir(t, '/my-orders', 'app:3000', {
        'x-forwarded-host': 'compragrupal.example.com.ar',
      });
      expect(mismo.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("without TRUST_PROXY the host the app sees may be the proxy's name for it: no redirect", async () => {
    const t = await createTestApp({ ...production, WEB_DIST_DIR: webDist });
    try {
      const res = await abrir(t, '/my-orders', 'app:3000');
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('the address the server prints at start', () => {
  it('is PUBLIC_URL, even when the server listens on 127.0.0.1 or every interface', () => {
    expect(direccionParaAbrir('http://localhost:3000', 'http://127.0.0.1:3000')).toBe(
      'http://localhost:3000',
    );
    expect(direccionParaAbrir('https://compragrupal.example.com.ar', 'http://0.0.0.0:3000')).toBe(
      'https://compragrupal.example.com.ar',
    );
  });

  it('is where it listens when PUBLIC_URL is the default of a port the system chose (PORT=0)', () => {
    expect(direccionParaAbrir('http://localhost:0', 'http://0.0.0.0:41234')).toBe(
      'http://localhost:41234',
    );
  });
});
