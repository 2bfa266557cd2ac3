import { productoSchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTiendaId } from '../../demo/demo-tiendas';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
});
afterAll(() => t.close());

const productosDe = async (index: number) =>
  (await t.app.inject({ url: `/api/tienda/con-productos/${demoTiendaId(index)}` })).json()
    .productos;

describe('GET /api/producto/{productoId}', () => {
  it('answers every field of the product, price in pesos', async () => {
    const [primero] = await productosDe(0);
    const res = await t.app.inject({ url: `/api/producto/${primero._id}` });
    expect(res.statusCode).toBe(200);
    const producto = productoSchema.parse(res.json());
    expect(producto).toMatchObject({
      nombre: 'Yerba mate 1 kg',
      descripcion: 'Yerba mate con palo, molienda tradicional.',
      precio: 4890,
      stock: 120,
      cantidadTotalGrupo: 10,
      disponible: true,
      tiendaId: demoTiendaId(0),
      categoria: 'Almacén',
    });
    expect(producto.imagen).toMatch(/^\/uploads\/productos\/.+\.jpg$/);
    expect(Number.isNaN(Date.parse(producto.fechaCreacion))).toBe(false);
    const imagen = await t.app.inject({ url: producto.imagen ?? '' });
    expect(imagen.statusCode).toBe(200);
    expect(imagen.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({ url: `/api/producto/${newId()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: 'Producto no encontrado',
      code: 'PRODUCTO_NO_ENCONTRADO',
    });
    for (const id of ['123', 'zzzzzzzzzzzzzzzzzzzzzzzz', 'A1B2C3D4E5F6A1B2C3D4E5F6']) {
      expect((await t.app.inject({ url: `/api/producto/${id}` })).statusCode).toBe(400);
    }
  });

  it('hides the products of a store that is not enabled', async () => {
    const db = t.database.db;
    const { productos } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [oculto] = await db
      .select()
      .from(productos)
      .where(eq(productos.tiendaId, demoTiendaId(8)));
    expect(oculto).toBeDefined();
    const res = await t.app.inject({ url: `/api/producto/${oculto?.id}` });
    expect(res.statusCode).toBe(404);
  });
});
