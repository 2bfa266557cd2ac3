import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ERROR_MESSAGES,
  esPropietarioResponseSchema,
  mensajeResponseSchema,
  PAQUETES_POR_CATEGORIA,
  productoGuardadoResponseSchema,
  productoSchema,
  productosDelVendedorResponseSchema,
  rooms,
} from '@compra-grupal/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventosSalientes, gruposDeCompra } from '../../db/schema';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import {
  camposDeProducto,
  crearProducto,
  fotoDePrueba,
  multipart,
  PAQUETE_LIVIANO,
  type VendedorDePrueba,
  vendedorConTienda,
} from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let vendedor: VendedorDePrueba;
let otroVendedor: VendedorDePrueba;
let comprador: LoggedIn;
let foto: Buffer;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  [vendedor, otroVendedor, comprador, foto] = await Promise.all([
    vendedorConTienda(t),
    vendedorConTienda(t),
    registerAndLogin(t.app),
    fotoDePrueba('#c40'),
  ]);
});
afterAll(() => t.close());

const crear = (
  who: LoggedIn | null,
  campos: Record<string, string>,
  files = [{ campo: 'imagen', data: foto }],
) => multipart(t, 'POST', '/api/producto/crear', who, campos, files);

const editar = (
  who: LoggedIn | null,
  productoId: string,
  cambios: Record<string, string> = {},
  files: { campo: string; data: Buffer }[] = [],
) => {
  const { vendedorId: _v, tiendaId: _t, ...campos } = camposDeProducto(vendedor, cambios);
  return multipart(t, 'PUT', `/api/producto/${productoId}`, who, campos, files);
};

const retirar = (who: LoggedIn | null, productoId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/producto/${productoId}`,
    headers: who?.auth ?? {},
  });

const gruposDe = (productoId: string) =>
  t.database.db.select().from(gruposDeCompra).where(eq(gruposDeCompra.productoId, productoId));

const archivosDeProductos = () => {
  const dir = join(t.dataDir, 'uploads', 'productos');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};
const existe = (url: string) =>
  existsSync(join(t.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

describe('POST /api/producto/crear', () => {
  it('loads the product in the seller’s store, its picture re-encoded, and opens exactly one group of cantidadTotalGrupo places', async () => {
    const res = await crear(vendedor, camposDeProducto(vendedor));
    expect(res.statusCode).toBe(201);
    const { mensaje, producto } = productoGuardadoResponseSchema.parse(res.json());
    expect(mensaje).toBe('¡Producto cargado exitosamente!');
    expect(producto).toMatchObject({
      vendedorId: vendedor.userId,
      tiendaId: vendedor.tiendaId,
      nombre: 'Yerba mate 1 kg',
      descripcion: 'Con palo, molienda tradicional.',
      precio: 4890.5,
      stock: 120,
      cantidadTotalGrupo: 10,
      categoriaLocalId: [vendedor.categorias[0]?._id],
      disponible: true,
    });
    expect(producto.imagen).toMatch(/^\/uploads\/productos\/[0-9a-f-]{36}\.jpg$/);
    const servida = await t.app.inject({ url: producto.imagen ?? '' });
    expect(servida.statusCode).toBe(200);
    expect(servida.rawPayload.includes(Buffer.from('vendedor-secreto'))).toBe(false);
    const miniatura = producto.imagen?.replace(/\.jpg$/, '-320.jpg') ?? '';
    expect(existe(miniatura)).toBe(true);
    expect((await sharp(join(t.dataDir, 'uploads', miniatura.slice(9))).metadata()).width).toBe(
      320,
    );

    const grupos = await gruposDe(producto._id);
    expect(grupos).toHaveLength(1);
    expect(grupos[0]).toMatchObject({
      estado: 'abierto',
      lugaresNecesarios: 10,
      lugaresOcupados: 0,
    });

    // Public at once, and in the seller's list.
    expect((await t.app.inject({ url: `/api/producto/${producto._id}` })).statusCode).toBe(200);
    const lista = await t.app.inject({
      url: `/api/producto/vendedor/${vendedor.userId}`,
      headers: vendedor.auth,
    });
    expect(productosDelVendedorResponseSchema.parse(lista.json()).map((p) => p._id)).toContain(
      producto._id,
    );
  });

  it('refuses another seller, a shopper (403) and an anonymous caller (401), storing nothing', async () => {
    const antes = archivosDeProductos();
    // Another seller naming themselves with this store, or naming this seller.
    for (const campos of [
      camposDeProducto(vendedor, { vendedorId: otroVendedor.userId }),
      camposDeProducto(vendedor),
    ]) {
      const res = await crear(otroVendedor, campos);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('ACCESO_DENEGADO');
    }
    const comoComprador = await crear(
      comprador,
      camposDeProducto(vendedor, { vendedorId: comprador.userId }),
    );
    expect(comoComprador.statusCode).toBe(403);
    const anonimo = await crear(null, camposDeProducto(vendedor));
    expect(anonimo.statusCode).toBe(401);
    expect(archivosDeProductos()).toEqual(antes);
  });

  it('refuses a store the team has not enabled, and one without Mercado Pago, saying why', async () => {
    const sinHabilitar = await vendedorConTienda(t, { habilitada: false });
    const res = await crear(sinHabilitar, camposDeProducto(sinHabilitar));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_NO_HABILITADA',
      error: ERROR_MESSAGES.TIENDA_NO_HABILITADA,
    });

    const sinMp = await vendedorConTienda(t, { mpVinculado: false });
    const res2 = await crear(sinMp, camposDeProducto(sinMp));
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toMatchObject({
      code: 'MERCADOPAGO_NO_VINCULADO',
      error: ERROR_MESSAGES.MERCADOPAGO_NO_VINCULADO,
    });
  });

  it("refuses another store's local category (400)", async () => {
    const res = await crear(
      vendedor,
      camposDeProducto(vendedor, {
        categoriaLocalId: JSON.stringify([otroVendedor.categorias[0]?._id]),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'CATEGORIA_LOCAL_NO_ENCONTRADA',
      detalles: [{ campo: 'categoriaLocalId.0' }],
    });
  });

  it('refuses numbers out of bounds (400 naming the field)', async () => {
    const casos: [string, string][] = [
      ['precio', '0'],
      ['precio', '100000001'],
      ['precio', 'mucho'],
      ['stock', '-1'],
      ['stock', '1.5'],
      ['stock', '1000001'],
      ['cantidadTotalGrupo', '0'],
      ['cantidadTotalGrupo', '10001'],
    ];
    for (const [campo, valor] of casos) {
      const res = await crear(vendedor, camposDeProducto(vendedor, { [campo]: valor }));
      expect(res.statusCode, `${campo}=${valor}`).toBe(400);
      expect(res.json().detalles.map((d: { campo: string }) => d.campo)).toEqual([campo]);
    }
  });

  it("keeps the package the seller declares, and proposes the store category's when left out", async () => {
    const caja = { peso: 2.5, largo: 40, ancho: 30, alto: 20.5 };
    const declarado = await crear(
      vendedor,
      camposDeProducto(vendedor, { paquete: JSON.stringify(caja) }),
    );
    expect(declarado.statusCode, declarado.body).toBe(201);
    expect(productoGuardadoResponseSchema.parse(declarado.json()).producto.paquete).toEqual(caja);

    const { paquete: _sinPaquete, ...campos } = camposDeProducto(vendedor);
    const propuesto = await crear(vendedor, campos);
    expect(propuesto.statusCode, propuesto.body).toBe(201);
    // The test store sells in 'Almacén'.
    expect(productoGuardadoResponseSchema.parse(propuesto.json()).producto.paquete).toEqual(
      PAQUETES_POR_CATEGORIA.Almacén,
    );

    for (const malo of ['{"peso":0,"largo":40,"ancho":30,"alto":20}', '{"peso":1}', 'caja']) {
      const res = await crear(vendedor, camposDeProducto(vendedor, { paquete: malo }));
      expect(res.statusCode, malo).toBe(400);
      expect(res.json().detalles[0].campo, malo).toMatch(/^paquete/);
    }
  });

  it('refuses a file that is not an image (the image pipeline) and a missing one, leaving no file', async () => {
    const antes = archivosDeProductos();
    const falsa = await crear(vendedor, camposDeProducto(vendedor), [
      { campo: 'imagen', data: Buffer.from('<svg onload="alert(1)"></svg>') },
    ]);
    expect(falsa.statusCode).toBe(400);
    expect(falsa.json().code).toBe('IMAGEN_NO_SOPORTADA');
    const sinImagen = await crear(vendedor, camposDeProducto(vendedor), []);
    expect(sinImagen.statusCode).toBe(400);
    expect(sinImagen.json()).toMatchObject({
      code: 'IMAGEN_REQUERIDA',
      error: 'Por favor selecciona una imagen para el producto',
    });
    expect(archivosDeProductos()).toEqual(antes);
  });
});

describe('PUT /api/producto/{productoId}', () => {
  it('saves the changes; a new group size is for later groups, the open one keeps its size', async () => {
    const producto = await crearProducto(t, vendedor);
    const res = await editar(vendedor, producto._id, {
      nombre: '  Yerba mate 500 g ',
      precio: '2500',
      cantidadTotalGrupo: '25',
      categoriaLocalId: JSON.stringify(vendedor.categorias.map((c) => c._id)),
    });
    expect(res.statusCode).toBe(200);
    const { mensaje, producto: editado } = productoGuardadoResponseSchema.parse(res.json());
    expect(mensaje).toBe('El producto se ha actualizado correctamente');
    expect(editado).toMatchObject({
      nombre: 'Yerba mate 500 g',
      precio: 2500,
      cantidadTotalGrupo: 25,
      categoriaLocalId: vendedor.categorias.map((c) => c._id),
      imagen: producto.imagen,
    });
    const grupos = await gruposDe(producto._id);
    expect(grupos).toHaveLength(1);
    expect(grupos[0]).toMatchObject({ estado: 'abierto', lugaresNecesarios: 10 });
  });

  it('changes the package only when the form sends one', async () => {
    const producto = await crearProducto(t, vendedor);
    const { paquete: _sinPaquete, ...sinPaquete } = camposDeProducto(vendedor);
    const { vendedorId: _v, tiendaId: _t, ...campos } = sinPaquete;
    const igual = await multipart(t, 'PUT', `/api/producto/${producto._id}`, vendedor, campos, []);
    expect(productoGuardadoResponseSchema.parse(igual.json()).producto.paquete).toEqual(
      PAQUETE_LIVIANO,
    );
    const caja = { peso: 12, largo: 60, ancho: 40, alto: 40 };
    const cambiado = await editar(vendedor, producto._id, { paquete: JSON.stringify(caja) });
    expect(productoGuardadoResponseSchema.parse(cambiado.json()).producto.paquete).toEqual(caja);
  });

  it('records stockActualizado for the product room when the stock changes, and only then', async () => {
    const producto = await crearProducto(t, vendedor);
    const eventos = () =>
      t.database.db
        .select()
        .from(eventosSalientes)
        .where(
          and(
            eq(eventosSalientes.sala, rooms.producto(producto._id)),
            eq(eventosSalientes.evento, 'stockActualizado'),
          ),
        );
    expect((await editar(vendedor, producto._id, { stock: '120' })).statusCode).toBe(200);
    expect(await eventos()).toHaveLength(0);
    expect((await editar(vendedor, producto._id, { stock: '7' })).statusCode).toBe(200);
    expect((await eventos()).map((e) => e.payload)).toEqual([
      { productoId: producto._id, nuevoStock: 7 },
    ]);
  });

  it('stores a new picture under new names and removes the old files after the change', async () => {
    const producto = await crearProducto(t, vendedor);
    const res = await editar(vendedor, producto._id, {}, [
      { campo: 'imagen', data: await fotoDePrueba('#fc0') },
    ]);
    expect(res.statusCode).toBe(200);
    const nueva = res.json().producto.imagen as string;
    expect(nueva).not.toBe(producto.imagen);
    expect(existe(nueva)).toBe(true);
    expect(existe(nueva.replace(/\.jpg$/, '-320.jpg'))).toBe(true);
    expect(existe(producto.imagen)).toBe(false);
    expect(existe(producto.imagen.replace(/\.jpg$/, '-320.jpg'))).toBe(false);
  });

  it('answers the 640 px variant of a wide picture, and removes it with the picture it belongs to', async () => {
    const res = await crear(vendedor, camposDeProducto(vendedor), [
      { campo: 'imagen', data: await fotoDePrueba('#c40', 1200, 900) },
    ]);
    expect(res.statusCode).toBe(201);
    const { producto } = productoGuardadoResponseSchema.parse(res.json());
    const imagen = producto.imagen ?? '';
    const mediana = imagen.replace(/\.jpg$/, '-640.jpg');
    expect(producto.imagenVariantes).toEqual([
      { url: mediana, ancho: 640, alto: 480 },
      { url: imagen, ancho: 1200, alto: 900 },
    ]);
    expect(await sharp(join(t.dataDir, 'uploads', mediana.slice(9))).metadata()).toMatchObject({
      format: 'jpeg',
      width: 640,
      height: 480,
    });
    expect((await t.app.inject({ url: mediana })).statusCode).toBe(200);
    const publico = await t.app.inject({ url: `/api/producto/${producto._id}` });
    expect(productoSchema.parse(publico.json()).imagenVariantes).toEqual(producto.imagenVariantes);

    // Replaced by another wide picture: the old variant goes, the new one is answered.
    const otra = await editar(vendedor, producto._id, {}, [
      { campo: 'imagen', data: await fotoDePrueba('#fc0', 1600, 900) },
    ]);
    expect(otra.statusCode).toBe(200);
    const [otraMediana, otraImagen] =
      productoSchema.parse(otra.json().producto).imagenVariantes ?? [];
    expect(otraMediana).toMatchObject({ ancho: 640, alto: 360 });
    expect(otraImagen).toMatchObject({ ancho: 1600, alto: 900 });
    expect(existe(otraMediana?.url ?? '')).toBe(true);
    expect(existe(mediana)).toBe(false);
    expect(existe(imagen)).toBe(false);

    // Replaced by a picture no wider than 640 px: no variant is left, the picture alone is answered.
    const chica = await editar(vendedor, producto._id, {}, [
      { campo: 'imagen', data: await fotoDePrueba('#0a7', 600, 400) },
    ]);
    expect(chica.statusCode).toBe(200);
    const sola = productoSchema.parse(chica.json().producto);
    expect(sola.imagenVariantes).toEqual([{ url: sola.imagen, ancho: 600, alto: 400 }]);
    expect(existe(otraMediana?.url ?? '')).toBe(false);
  });

  it('answers no variants for a picture stored before its size was kept, and its picture as ever', async () => {
    const producto = await crearProducto(t, vendedor);
    await t.database.db.execute(
      sql`update productos set imagen_640 = null, imagen_ancho = null, imagen_alto = null where id = ${producto._id}`,
    );
    const res = await t.app.inject({ url: `/api/producto/${producto._id}` });
    const viejo = productoSchema.parse(res.json());
    expect(viejo.imagen).toBe(producto.imagen);
    expect(viejo.imagenVariantes).toEqual([]);
  });

  it('leaves no new file behind when the change fails, and keeps the old picture', async () => {
    const producto = await crearProducto(t, vendedor);
    await t.database.db.execute(sql`
      create function rechazar_producto() returns trigger language plpgsql as $$
      begin raise exception 'edición rechazada'; end $$`);
    await t.database.db.execute(sql`
      create trigger rechazar_producto before update on productos for each row
        when (new.nombre = 'Falla Segura') execute function rechazar_producto()`);
    try {
      const antes = archivosDeProductos();
      // Wide enough for a 640 px variant: it must go too.
      const res = await editar(vendedor, producto._id, { nombre: 'Falla Segura' }, [
        { campo: 'imagen', data: await fotoDePrueba('#fc0', 1200, 900) },
      ]);
      expect(res.statusCode).toBe(500);
      expect(archivosDeProductos()).toEqual(antes);
      expect(existe(producto.imagen)).toBe(true);
    } finally {
      await t.database.db.execute(sql`drop trigger rechazar_producto on productos`);
      await t.database.db.execute(sql`drop function rechazar_producto()`);
    }
  });

  it('refuses another seller, a shopper (403), an anonymous caller (401), a foreign category (400) and a store no longer enabled (403)', async () => {
    const producto = await crearProducto(t, vendedor);
    expect((await editar(otroVendedor, producto._id)).statusCode).toBe(403);
    expect((await editar(comprador, producto._id)).statusCode).toBe(403);
    expect((await editar(null, producto._id)).statusCode).toBe(401);
    const ajena = await editar(vendedor, producto._id, {
      categoriaLocalId: JSON.stringify([otroVendedor.categorias[0]?._id]),
    });
    expect(ajena.statusCode).toBe(400);
    expect(ajena.json().code).toBe('CATEGORIA_LOCAL_NO_ENCONTRADA');
    expect((await editar(vendedor, producto._id, { stock: '-5' })).statusCode).toBe(400);

    const otra = await vendedorConTienda(t);
    const suyo = await crearProducto(t, otra);
    await t.database.db.execute(
      sql`update tiendas set mp_vinculado = false where id = ${otra.tiendaId}`,
    );
    const { vendedorId: _v, tiendaId: _t, ...campos } = camposDeProducto(otra);
    const res = await multipart(t, 'PUT', `/api/producto/${suyo._id}`, otra, campos);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('MERCADOPAGO_NO_VINCULADO');
  });
});

describe('GET /api/producto/vendedor/{userId} and esPropietario', () => {
  it("lists the seller's products newest first, and only the owner (or an admin) may ask", async () => {
    const v = await vendedorConTienda(t);
    const a = await crearProducto(t, v, { nombre: 'Primero' });
    const b = await crearProducto(t, v, { nombre: 'Segundo' });
    const res = await t.app.inject({ url: `/api/producto/vendedor/${v.userId}`, headers: v.auth });
    expect(res.statusCode).toBe(200);
    expect(productosDelVendedorResponseSchema.parse(res.json()).map((p) => p._id)).toEqual([
      b._id,
      a._id,
    ]);
    for (const [who, status] of [
      [otroVendedor, 403],
      [comprador, 403],
      [null, 401],
    ] as const) {
      const r = await t.app.inject({
        url: `/api/producto/vendedor/${v.userId}`,
        headers: who?.auth ?? {},
      });
      expect(r.statusCode).toBe(status);
    }

    const esPropietario = (who: LoggedIn | null, userId: string) =>
      t.app.inject({
        url: `/api/producto/esPropietario/${a._id}/${userId}`,
        headers: who?.auth ?? {},
      });
    const suyo = await esPropietario(v, v.userId);
    expect(esPropietarioResponseSchema.parse(suyo.json())).toEqual({ esPropietario: true });
    const ajeno = await esPropietario(comprador, comprador.userId);
    expect(ajeno.json()).toEqual({ esPropietario: false });
    expect((await esPropietario(comprador, v.userId)).statusCode).toBe(403);
    expect((await esPropietario(null, v.userId)).statusCode).toBe(401);
  });
});

describe('DELETE /api/producto/{productoId} (withdraw from sale)', () => {
  it('withdraws a product whose open group is empty: the group is cancelled, the product gone from every public place', async () => {
    const v = await vendedorConTienda(t);
    const producto = await crearProducto(t, v);
    const otro = await crearProducto(t, v, { nombre: 'Sigue en venta' });
    const res = await retirar(v, producto._id);
    expect(res.statusCode).toBe(200);
    expect(mensajeResponseSchema.parse(res.json())).toEqual({
      mensaje: 'Producto retirado de la venta',
    });
    expect((await gruposDe(producto._id)).map((g) => g.estado)).toEqual(['cancelado']);
    expect((await gruposDe(otro._id)).map((g) => g.estado)).toEqual(['abierto']);

    const publico = await t.app.inject({ url: `/api/producto/${producto._id}` });
    expect(publico.statusCode).toBe(404);
    expect(publico.json().code).toBe('PRODUCTO_NO_ENCONTRADO');
    const tienda = (await t.app.inject({ url: `/api/tienda/con-productos/${v.tiendaId}` })).json();
    expect(tienda.productos.map((p: { _id: string }) => p._id)).toEqual([otro._id]);
    const cercanas = await t.app.inject({
      method: 'POST',
      url: '/api/tienda/con-productos-que-cubren',
      payload: { lat: -34.5889, lng: -58.4108 },
    });
    const tarjeta = cercanas.json().tiendas.find((x: { _id: string }) => x._id === v.tiendaId);
    expect(tarjeta.totalProductos).toBe(1);
    expect(tarjeta.productos.map((p: { _id: string }) => p._id)).toEqual([otro._id]);
    const lista = await t.app.inject({
      url: `/api/producto/vendedor/${v.userId}`,
      headers: v.auth,
    });
    expect(lista.json().map((p: { _id: string }) => p._id)).toEqual([otro._id]);

    // The second call: the product is gone (404), and so is editing it (409).
    expect((await retirar(v, producto._id)).statusCode).toBe(404);
    const edicion = await multipart(
      t,
      'PUT',
      `/api/producto/${producto._id}`,
      v,
      (({ vendedorId: _v, tiendaId: _t, ...campos }) => campos)(camposDeProducto(v)),
    );
    expect(edicion.statusCode).toBe(409);
    expect(edicion.json().code).toBe('PRODUCTO_NO_MODIFICABLE');
  });

  it('refuses with 409 while the open group has paid places, and changes nothing', async () => {
    const v = await vendedorConTienda(t);
    const producto = await crearProducto(t, v);
    await t.database.db
      .update(gruposDeCompra)
      .set({ lugaresOcupados: 3 })
      .where(eq(gruposDeCompra.productoId, producto._id));
    const res = await retirar(v, producto._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PRODUCTO_CON_LUGARES_PAGADOS',
      error: ERROR_MESSAGES.PRODUCTO_CON_LUGARES_PAGADOS,
    });
    expect((await gruposDe(producto._id)).map((g) => g.estado)).toEqual(['abierto']);
    expect((await t.app.inject({ url: `/api/producto/${producto._id}` })).statusCode).toBe(200);
  });

  it('only the owner withdraws: another seller or a shopper 403, anonymous 401, unknown 404', async () => {
    const producto = await crearProducto(t, vendedor);
    expect((await retirar(otroVendedor, producto._id)).statusCode).toBe(403);
    expect((await retirar(comprador, producto._id)).statusCode).toBe(403);
    expect((await retirar(null, producto._id)).statusCode).toBe(401);
    expect((await retirar(vendedor, 'a'.repeat(24))).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/producto/${producto._id}` })).statusCode).toBe(200);
  });
});
