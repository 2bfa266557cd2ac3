import { categoriasSchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIAS_GLOBALES } from '../../demo/reference-data';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/categoria/getAllCategoria', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded global categories as {_id, nombre}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categoria/getAllCategoria' });
    expect(res.statusCode).toBe(200);
    const categorias = categoriasSchema.parse(res.json());
    expect(categorias).toHaveLength(CATEGORIAS_GLOBALES.length);
    expect(categorias).toContainEqual({ _id: 'ca0000000000000000000001', nombre: 'Almacén' });
    for (const categoria of res.json())
      expect(Object.keys(categoria).sort()).toEqual(['_id', 'nombre']);
  });

  it('needs no session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/categoria/getAllCategoria',
      headers: { authorization: 'Bearer no-es-un-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});
