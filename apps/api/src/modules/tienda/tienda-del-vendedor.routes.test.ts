import { ENTREGA_EN_GRUPO_APAGADA, tiendaPorUsuarioResponseSchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTiendaId, demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_PASSWORD } from '../../demo/demo-usuarios';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Demo sellers: the first store is enabled, the ninth (Dietética Natural) waits for review. */
const HABILITADA = 0;
const EN_REVISION = 8;

let t: TestApp;
let habilitada: LoggedIn;
let enRevision: LoggedIn;
let sinTienda: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
  habilitada = await login(t.app, demoVendedorEmail(HABILITADA), DEMO_PASSWORD);
  enRevision = await login(t.app, demoVendedorEmail(EN_REVISION), DEMO_PASSWORD);
  sinTienda = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const get = (url: string, who?: LoggedIn) =>
  t.app.inject({ url, ...(who ? { headers: who.auth } : {}) });

describe('GET /api/tienda/esta-habilitada/{userId}', () => {
  it("answers whether the product team enabled the seller's store", async () => {
    const si = await get(`/api/tienda/esta-habilitada/${habilitada.userId}`, habilitada);
    expect(si.statusCode).toBe(200);
    expect(si.json()).toEqual({ habilitada: true });
    const no = await get(`/api/tienda/esta-habilitada/${enRevision.userId}`, enRevision);
    expect(no.json()).toEqual({ habilitada: false });
  });

  it('answers 404 with an error to a user without a store (Mi Tienda: not a seller)', async () => {
    const res = await get(`/api/tienda/esta-habilitada/${sinTienda.userId}`, sinTienda);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_NO_ENCONTRADA',
      error: 'Tienda no encontrada',
    });
  });

  it("refuses someone else's user id (403) and an anonymous caller (401)", async () => {
    expect(
      (await get(`/api/tienda/esta-habilitada/${habilitada.userId}`, sinTienda)).statusCode,
    ).toBe(403);
    expect((await get(`/api/tienda/esta-habilitada/${habilitada.userId}`)).statusCode).toBe(401);
  });
});

describe('GET /api/tienda/por-usuario/{userId}', () => {
  it("answers the seller's own store, enabled or not, with what Editar Tienda shows", async () => {
    const res = await get(`/api/tienda/por-usuario/${enRevision.userId}`, enRevision);
    expect(res.statusCode).toBe(200);
    const { tienda } = tiendaPorUsuarioResponseSchema.parse(res.json());
    expect(tienda).toMatchObject({ _id: demoTiendaId(EN_REVISION), nombre: 'Dietética Natural' });
    expect(Object.keys(tienda).sort()).toEqual(
      [
        '_id',
        'descripcion',
        'email',
        'entregaEnGrupo',
        'logo',
        'nombre',
        'razonSocial',
        'telefono',
      ].sort(),
    );
    // Dietética Natural is not around Palermo: it does not offer 'Entrega en grupo'.
    expect(tienda.entregaEnGrupo).toEqual(ENTREGA_EN_GRUPO_APAGADA);
  });

  it('answers 404 to a user without a store, 403 to another user, 401 anonymous', async () => {
    expect((await get(`/api/tienda/por-usuario/${sinTienda.userId}`, sinTienda)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/tienda/por-usuario/${habilitada.userId}`, sinTienda)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/tienda/por-usuario/${habilitada.userId}`)).statusCode).toBe(401);
  });
});

describe('POST /api/usuario/convertirEnVendedor', () => {
  const convertir = (who: LoggedIn, userId = who.userId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuario/convertirEnVendedor',
      headers: who.auth,
      payload: { userId },
    });

  it('confirms a store owner as a seller, as many times as asked', async () => {
    for (let vez = 0; vez < 2; vez++) {
      const res = await convertir(enRevision);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ esVendedor: true });
    }
  });

  it('refuses a user without a store (409) and anyone for another user (403)', async () => {
    const res = await convertir(sinTienda);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_REQUERIDA',
      error: 'Primero crea tu tienda para vender',
    });
    expect((await convertir(sinTienda, habilitada.userId)).statusCode).toBe(403);
  });
});
