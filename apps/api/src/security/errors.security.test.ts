import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as raw bytes to the listening server and reads the answer to the end. */
function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const done = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`sin respuesta HTTP: ${JSON.stringify(text)}`));
      const [statusLine = '', ...headerLines] = text.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: text.slice(end + 4),
      });
    };
    // The server may reset the connection once it has answered; what arrived still counts.
    socket.on('error', done);
    socket.on('close', done);
    socket.write(request);
  });
}

/** An answer in the shared error shape, with a correct JSON content type and length. */
function expectErrorShape(res: RawResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  const body = errorBodySchema.parse(JSON.parse(res.body));
  expect(body.code).toBe(code);
  expect(body.mensaje).toBe(body.error);
  return body;
}

/**
 * Finding: the router and Node's HTTP parser answered in their own formats (Fastify's English
 * JSON, or a bare status), and a missing upload or script answered the SPA's index.html.
 * Every one of them now answers the shared error body `{ error, mensaje, code }`.
 */
describe('security: router and HTTP parser errors answer the shared error shape', () => {
  let t: TestApp;
  let webDir: string;
  let port: number;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'cg-web-dist-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Compra Grupal</title>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log("hola")');
    t = await createTestApp({ WEB_DIST_DIR: webDir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('sin puerto');
    port = address.port;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (path: string, extraHeaders = '') =>
    rawRequest(
      port,
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`,
    );

  it('a too-long URL parameter is a 414', async () => {
    const res = await get(`/api/producto/${'a'.repeat(5000)}`);
    const body = expectErrorShape(res, 414, 'URL_DEMASIADO_LARGA');
    expect(body.error).toBe('La dirección solicitada es demasiado larga');
    // The request id and the usual headers are still set.
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('a malformed percent-encoding is a 400', async () => {
    const res = await get('/api/producto/%E0%A4%A');
    const body = expectErrorShape(res, 400, 'URL_INVALIDA');
    expect(body.error).toBe('La dirección solicitada no es válida');
    expectErrorShape(await get('/api/tienda/con-productos/%zz'), 400, 'URL_INVALIDA');
  });

  it('headers too large are a 431 written on the raw connection', async () => {
    const res = await get('/api/health', `X-Relleno: ${'a'.repeat(20_000)}\r\n`);
    const body = expectErrorShape(res, 431, 'ENCABEZADOS_DEMASIADO_GRANDES');
    expect(body.error).toBe('Los encabezados de la solicitud son demasiado grandes');
    expect(res.headers.connection).toBe('close');
  });

  it('other requests the HTTP parser refuses are a 400', async () => {
    const res = await rawRequest(
      port,
      'POST /api/usuario/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: muchos\r\n\r\n',
    );
    expectErrorShape(res, 400, 'SOLICITUD_INVALIDA');
    expectErrorShape(await rawRequest(port, 'ESTO NO ES HTTP\r\n\r\n'), 400, 'SOLICITUD_INVALIDA');
  });

  it('the server keeps answering after them', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
  });

  it('a missing upload or asset is a JSON 404, not the SPA', async () => {
    for (const path of ['/uploads/missing.jpg', '/assets/missing.js', '/uploads/a/b/c.png']) {
      const res = await get(path);
      expectErrorShape(res, 404, 'RUTA_NO_ENCONTRADA');
      expect(res.body).not.toContain('<!doctype html>');
    }
  });

  it('files that exist are served, and client routes still get the SPA', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("hola")');

    for (const path of ['/', '/login', '/tienda/65a1f0c2e4b0a1b2c3d4e5f6', '/uploadsx']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Compra Grupal</title>');
    }
  });

  it('an unknown API path is a JSON 404', async () => {
    expectErrorShape(await get('/api/no-existe'), 404, 'RUTA_NO_ENCONTRADA');
  });
});
