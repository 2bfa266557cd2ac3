import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

describe('a __proto__ key (issue 34)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is valid JSON: dropped, never applied, and the body judged without it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"esAdmin":true},"email":"nadie@ejemplo.com.ar","contrasenia":"x"}',
    });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().code).not.toBe('SOLICITUD_INVALIDA');
    expect(res.body).not.toContain('no es JSON válido');
    expect(({} as { esAdmin?: boolean }).esAdmin).toBeUndefined();
  });
});
