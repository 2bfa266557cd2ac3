import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, expectedDbKind, type TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers ok with the kind of database after a real query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: expectedDbKind() });
  });

  it('answers 503 with the error shape when the database does not respond', async () => {
    t.database.ping = async () => {
      throw new Error('conexión perdida');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'La base de datos no responde',
      mensaje: 'La base de datos no responde',
      code: 'BASE_DE_DATOS_NO_DISPONIBLE',
    });
  });
});
