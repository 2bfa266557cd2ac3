import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearProducto, type VendedorDePrueba, vendedorConTienda } from '../test/producto-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let vendedor: VendedorDePrueba;
let productoId: string;
beforeAll(async () => {
  t = await createTestApp();
  vendedor = await vendedorConTienda(t);
  productoId = (await crearProducto(t, vendedor))._id;
});
afterAll(() => t.close());

const PARTE = '--xyz\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nAlmacén\r\n';
const malformados = {
  'sin boundary': { contentType: 'multipart/form-data', body: `${PARTE}--xyz--\r\n` },
  'boundary equivocado': {
    contentType: 'multipart/form-data; boundary=otro',
    body: `${PARTE}--xyz--\r\n`,
  },
  'cuerpo sin terminar': {
    contentType: 'multipart/form-data; boundary=xyz',
    body: `${PARTE}--xyz\r\nContent-Disposition: form-data; name="imagen"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff`,
  },
};

describe('malformed multipart on the upload routes', () => {
  const rutas = () => [
    { method: 'POST' as const, url: '/api/tienda/crear' },
    { method: 'PUT' as const, url: `/api/tienda/editar/${vendedor.userId}` },
    { method: 'POST' as const, url: '/api/producto/crear' },
    { method: 'PUT' as const, url: `/api/producto/${productoId}` },
  ];

  for (const [caso, { contentType, body }] of Object.entries(malformados)) {
    it(`${caso}: 400 with the error body on every upload route`, async () => {
      for (const { method, url } of rutas()) {
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': contentType, ...vendedor.auth },
          payload: body,
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
        expect(res.json()).toEqual({
          error:
            'El formulario llegó mal formado o incompleto (multipart/form-data). Vuelve a enviarlo.',
          mensaje:
            'El formulario llegó mal formado o incompleto (multipart/form-data). Vuelve a enviarlo.',
          code: 'SOLICITUD_INVALIDA',
        });
      }
    });
  }
});
