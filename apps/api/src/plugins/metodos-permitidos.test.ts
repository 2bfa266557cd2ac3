import { errorBodySchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('a method a path does not take (issue 34)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 405 with Allow naming the methods it takes, in the error shape', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/usuario/login', 'POST'],
      ['POST', '/api/health', 'GET'],
      ['PUT', '/api/pago/webhook', 'POST'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow?.split(', ')).toContain(allow);
      expect(errorBodySchema.parse(res.json())).toMatchObject({
        code: 'METODO_NO_PERMITIDO',
        mensaje: 'Esta ruta no acepta ese método',
      });
    }
  });

  it('a path with no route at all is still 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('RUTA_NO_ENCONTRADA');
  });
});
