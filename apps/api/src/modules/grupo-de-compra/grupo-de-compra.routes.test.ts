import {
  ERROR_MESSAGES,
  errorBodySchema,
  grupoConProductoResponseSchema,
  gruposAbiertosResponseSchema,
  gruposDeTiendaResponseSchema,
} from '@compra-grupal/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gruposDeCompra } from '../../db/schema';
import { DEMO_COMPRADORES_EXTRA } from '../../demo/demo-grupos';
import { demoTiendaId, demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { type LoggedIn, login } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { abrirGrupo } from './grupo-de-compra.ledger';
import { crearProductoDePrueba, violacionesDeInvariantes } from './ledger-test-helpers';

describe('grupoDeCompra routes', () => {
  let t: TestApp;
  let vendedor: LoggedIn;
  let otroVendedor: LoggedIn;
  let comprador: LoggedIn;
  const tiendaId = demoTiendaId(0);

  beforeAll(async () => {
    t = await createTestApp({}, { demoStores: true });
    vendedor = await login(t.app, demoVendedorEmail(0), DEMO_PASSWORD);
    otroVendedor = await login(t.app, demoVendedorEmail(1), DEMO_PASSWORD);
    comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
  });
  afterAll(() => t?.close());

  const gruposDeTienda = async () => {
    const res = await t.app.inject({
      url: `/api/grupoDeCompra/grupos/tienda/${tiendaId}`,
      headers: vendedor.auth,
    });
    expect(res.statusCode).toBe(200);
    return gruposDeTiendaResponseSchema.parse(res.json()).grupos;
  };

  it('the demo data: every product on sale has its open group, with real progress', async () => {
    expect(await violacionesDeInvariantes(t.database.db)).toEqual([]);
    const grupos = await gruposDeTienda();
    const yerba = grupos.filter((g) => g.productoId.nombre === 'Yerba mate 1 kg');
    // Newest first: the group that opened when the first one filled, then the filled one.
    expect(yerba.map((g) => [g.estado, g.lugaresOcupados, g.lugaresNecesarios])).toEqual([
      ['abierto', 3, 10],
      ['cerrado', 10, 10],
    ]);
    const usuarios = new Set(yerba.flatMap((g) => g.participantes.map((p) => p.usuarioId)));
    expect(usuarios).toEqual(
      new Set([DEMO_USUARIOS.comprador.id, ...DEMO_COMPRADORES_EXTRA.map((u) => u.id)]),
    );
    const fechas = grupos.map((g) => g.fechaCreacion);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(yerba[0]?.productoId).toMatchObject({ precio: 4890, stock: 120 });
  });

  it('forecasts when each open group fills, the same on every screen; closed groups have none', async () => {
    const yerba = (await gruposDeTienda()).filter((g) => g.productoId.nombre === 'Yerba mate 1 kg');
    const [abierto, lleno] = yerba;
    if (!abierto || !lleno) throw new Error('sin grupos de yerba');
    // Its own three places and the group before it that filled: a pace to go by.
    expect(abierto.prediccion?.motivo).toBe('ritmo');
    expect(Date.parse(abierto.prediccion?.fecha ?? '')).toBeGreaterThan(Date.now());
    expect(lleno.prediccion).toBeNull();

    const pagina = grupoConProductoResponseSchema.parse(
      (await t.app.inject({ url: `/api/grupoDeCompra/grupoConProducto/${abierto._id}` })).json(),
    );
    // Forecast a moment later: the same pace. The estimate ages with the clock (an hour with
    // no join slows it), so a loaded machine's moment may move it by a few seconds.
    const mismoPronostico = (
      p: { fecha: string | null; motivo: string } | null | undefined,
      q: { fecha: string | null; motivo: string } | null | undefined,
    ) => {
      expect(p?.motivo).toBe(q?.motivo);
      const distancia = Math.abs(Date.parse(p?.fecha ?? '') - Date.parse(q?.fecha ?? ''));
      expect(distancia).toBeLessThanOrEqual(10_000);
    };
    mismoPronostico(pagina.grupo.prediccion, abierto.prediccion);
    const producto = (
      await t.app.inject({ url: `/api/producto/${abierto.productoId._id}` })
    ).json();
    expect(producto.grupoAbierto).toMatchObject({
      _id: abierto._id,
      lugaresNecesarios: 10,
      lugaresOcupados: 3,
    });
    mismoPronostico(producto.grupoAbierto.prediccion, abierto.prediccion);

    // A deadline before that pace fills it: it will not fill in time, and says so.
    await t.database.db
      .update(gruposDeCompra)
      .set({ fechaLimite: new Date(Date.now() + 60_000) })
      .where(eq(gruposDeCompra.id, abierto._id));
    const conCierre = grupoConProductoResponseSchema.parse(
      (await t.app.inject({ url: `/api/grupoDeCompra/grupoConProducto/${abierto._id}` })).json(),
    );
    expect(conCierre.grupo.prediccion).toEqual({ fecha: null, motivo: 'no_llega' });

    // A new product: no place taken and no history, nothing to go by.
    const nuevo = await crearProductoDePrueba(
      t.database.db,
      { cantidadTotalGrupo: 5, tiendaId },
      abrirGrupo,
    );
    const suyo = (await gruposDeTienda()).find((g) => g.productoId._id === nuevo.id);
    expect(suyo?.prediccion).toEqual({ fecha: null, motivo: 'sin_datos' });
  });

  it("a store's groups: its owner only", async () => {
    for (const [headers, status] of [
      [otroVendedor.auth, 403],
      [comprador.auth, 403],
      [{}, 401],
    ] as const) {
      const res = await t.app.inject({
        url: `/api/grupoDeCompra/grupos/tienda/${tiendaId}`,
        headers,
      });
      expect(res.statusCode).toBe(status);
      expect(errorBodySchema.parse(res.json()).code).toBe(
        status === 401 ? 'TOKEN_AUSENTE' : 'ACCESO_DENEGADO',
      );
    }
    const nadie = await t.app.inject({
      url: '/api/grupoDeCompra/grupos/tienda/ffffffffffffffffffffffff',
      headers: vendedor.auth,
    });
    expect(nadie.statusCode).toBe(404);
  });

  it("a product's open groups: the product's owner only", async () => {
    const [grupo] = await gruposDeTienda();
    const productoId = grupo?.productoId._id;
    const url = `/api/grupoDeCompra/gruposAbiertos/producto/${productoId}`;
    const res = await t.app.inject({ url, headers: vendedor.auth });
    expect(res.statusCode).toBe(200);
    const abiertos = gruposAbiertosResponseSchema.parse(res.json()).grupos;
    expect(abiertos).toHaveLength(1);
    expect(abiertos[0]?.estado).toBe('abierto');
    expect((await t.app.inject({ url, headers: otroVendedor.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: comprador.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('the group page is public and names nobody; an unknown group is 404', async () => {
    const [grupo] = await gruposDeTienda();
    const res = await t.app.inject({ url: `/api/grupoDeCompra/grupoConProducto/${grupo?._id}` });
    expect(res.statusCode).toBe(200);
    const body = grupoConProductoResponseSchema.parse(res.json());
    expect(body.grupo).toMatchObject({ _id: grupo?._id, status: grupo?.estado });
    expect(body.producto.tiendaId).toBe(tiendaId);
    expect(res.body).not.toContain(DEMO_USUARIOS.comprador.id);
    expect(res.body).not.toContain('participantes');
    const nada = await t.app.inject({
      url: '/api/grupoDeCompra/grupoConProducto/ffffffffffffffffffffffff',
    });
    expect(nada.statusCode).toBe(404);
    expect(nada.json()).toMatchObject({
      code: 'GRUPO_NO_ENCONTRADO',
      error: 'Grupo no encontrado',
    });
    const malo = await t.app.inject({ url: '/api/grupoDeCompra/grupoConProducto/nope' });
    expect(malo.statusCode).toBe(400);
  });

  it('usuarioEnGrupo answers for the caller only', async () => {
    const yerba = (await gruposDeTienda()).find((g) => g.productoId.nombre === 'Yerba mate 1 kg');
    const url = (userId: string) => `/api/grupoDeCompra/usuarioEnGrupo/${yerba?._id}/${userId}`;
    const propio = await t.app.inject({ url: url(comprador.userId), headers: comprador.auth });
    expect(propio.statusCode).toBe(200);
    expect(propio.json()).toEqual({ estaEnGrupo: true });
    const vendedorNo = await t.app.inject({ url: url(vendedor.userId), headers: vendedor.auth });
    expect(vendedorNo.json()).toEqual({ estaEnGrupo: false });
    const ajeno = await t.app.inject({ url: url(comprador.userId), headers: vendedor.auth });
    expect(ajeno.statusCode).toBe(403);
    expect((await t.app.inject({ url: url(comprador.userId) })).statusCode).toBe(401);
  });

  it('closing: the owner closes once (the next group opens); twice is 400 with the spec text', async () => {
    const cafe = (await gruposDeTienda()).find(
      (g) => g.productoId.nombre === 'Café molido 500 g' && g.estado === 'abierto',
    );
    if (!cafe) throw new Error('no open group for Café molido');
    const url = `/api/grupoDeCompra/cerrarGrupo/${cafe._id}`;
    for (const [headers, status] of [
      [otroVendedor.auth, 403],
      [comprador.auth, 403],
      [{}, 401],
    ] as const) {
      expect((await t.app.inject({ method: 'POST', url, headers })).statusCode).toBe(status);
    }
    const res = await t.app.inject({ method: 'POST', url, headers: vendedor.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mensaje: 'Grupo cerrado', lugaresOcupados: 4 });

    const otraVez = await t.app.inject({ method: 'POST', url, headers: vendedor.auth });
    expect(otraVez.statusCode).toBe(400);
    expect(otraVez.json()).toMatchObject({
      code: 'GRUPO_YA_CERRADO',
      error: ERROR_MESSAGES.GRUPO_YA_CERRADO,
    });
    expect(ERROR_MESSAGES.GRUPO_YA_CERRADO).toBe(
      'El grupo ya está cerrado. Por favor, actualiza la página para ver los cambios.',
    );

    const delCafe = (await gruposDeTienda()).filter(
      (g) => g.productoId._id === cafe.productoId._id,
    );
    expect(delCafe.map((g) => [g.estado, g.lugaresOcupados])).toEqual([
      ['abierto', 0],
      ['cerrado', 4],
    ]);
    expect(await violacionesDeInvariantes(t.database.db)).toEqual([]);
    const nada = await t.app.inject({
      method: 'POST',
      url: '/api/grupoDeCompra/cerrarGrupo/ffffffffffffffffffffffff',
      headers: vendedor.auth,
    });
    expect(nada.statusCode).toBe(404);
  });
});
