import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('errors and unknown paths', () => {
  it('answers unknown /api paths with a JSON 404 in the error shape', async () => {
    t = await createTestApp();
    for (const [method, url] of [
      ['GET', '/api/no-existe'],
      ['POST', '/api/nada/no-existe'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        error: 'Ruta no encontrada',
        mensaje: 'Ruta no encontrada',
        code: 'RUTA_NO_ENCONTRADA',
      });
    }
  });

  it('turns validation failures, bad JSON and oversized bodies into clear 4xx answers', async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '1024' });
    t.app.post(
      '/api/prueba/eco',
      { schema: { body: z.object({ cantidad: z.number().int().min(1) }) } },
      async (request) => request.body,
    );

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/prueba/eco',
      payload: { cantidad: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      error: 'Los datos enviados no son válidos',
      code: 'VALIDACION',
      detalles: [expect.objectContaining({ campo: 'cantidad' })],
    });

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/prueba/eco',
      headers: { 'content-type': 'application/json' },
      payload: '{"cantidad": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'VALIDACION' });

    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/prueba/eco',
      payload: { cantidad: 1, relleno: 'x'.repeat(4096) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'CUERPO_DEMASIADO_GRANDE' });
  });

  it('hides the internals of an unexpected failure', async () => {
    t = await createTestApp();
    t.app.get('/api/prueba/falla', async () => {
      throw new Error('secreto interno: contraseña de la base');
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/prueba/falla' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secreto');
    expect(res.json()).toEqual({
      error: 'Ocurrió un error inesperado. Intenta nuevamente.',
      mensaje: 'Ocurrió un error inesperado. Intenta nuevamente.',
      code: 'ERROR_INTERNO',
    });
  });
});

describe('protections', () => {
  it('sends security headers and a request id', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('limits the request rate under /api by default', async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/categoria/getAllCategoria' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'DEMASIADAS_SOLICITUDES',
      error: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('OpenAPI document', () => {
  it('is generated from the contracts and readable at /api/docs', async () => {
    t = await createTestApp();
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/categoria/getAllCategoria',
        '/api/cobertura/obtenerCoberturas',
      ]),
    );
    const listSchema =
      openapi.paths['/api/cobertura/obtenerCoberturas'].get.responses['200'].content[
        'application/json'
      ].schema;
    expect(listSchema.items.$ref).toBe('#/components/schemas/Cobertura');
    expect(Object.keys(openapi.components.schemas.Cobertura.properties)).toEqual(
      expect.arrayContaining(['_id', 'nombre', 'descripcion', 'km']),
    );

    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('web app and uploads', () => {
  it('serves the SPA for client routes, its assets, and uploaded files', async () => {
    t = await createTestApp();
    await t.close();
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const webDist = mkdtempSync(join(tmpdir(), 'cg-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><html lang="es-AR"><div id="root"></div></html>',
    );
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    mkdirSync(join(t.dataDir, 'uploads', 'productos'), { recursive: true });
    writeFileSync(join(t.dataDir, 'uploads', 'productos', 'foto.jpg'), 'jpeg');

    for (const url of ['/', '/cart', '/ruta-que-no-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const upload = await t.app.inject({ method: 'GET', url: '/uploads/productos/foto.jpg' });
    expect(upload.statusCode).toBe(200);
    expect(upload.body).toBe('jpeg');

    const apiMiss = await t.app.inject({ method: 'GET', url: '/api/nada' });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json()).toMatchObject({ code: 'RUTA_NO_ENCONTRADA' });
  });
});
