import { coberturasSchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/cobertura/obtenerCoberturas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the coverages with name, description and km, smallest radius first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cobertura/obtenerCoberturas' });
    expect(res.statusCode).toBe(200);
    const coberturas = coberturasSchema.parse(res.json());
    expect(coberturas.length).toBeGreaterThanOrEqual(3);
    expect(coberturas[0]).toEqual({
      _id: 'cb0000000000000000000001',
      nombre: 'Barrio',
      descripcion: 'Entregas en tu barrio y alrededores',
      km: 2,
    });
    const radios = coberturas.map((c) => c.km);
    expect(radios).toEqual([...radios].sort((a, b) => a - b));
  });
});
