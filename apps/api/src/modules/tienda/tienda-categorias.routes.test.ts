import {
  CATEGORIA_LOCAL_MENSAJES,
  categoriasLocalesResponseSchema,
  editarCategoriasResponseSchema,
} from '@compra-grupal/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productos } from '../../db/schema';
import { demoTiendaId, demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
});
afterAll(() => t.close());

/** Demo seller `index`, with their store's id. */
const vendedor = async (index: number) => ({
  ...(await login(t.app, demoVendedorEmail(index), DEMO_PASSWORD)),
  tiendaId: demoTiendaId(index),
});

const leer = (who: LoggedIn | null, userId: string) =>
  t.app.inject({ url: `/api/tienda/categorias-locales/${userId}`, headers: who?.auth ?? {} });

const categoriasDe = async (who: LoggedIn) => {
  const res = await leer(who, who.userId);
  expect(res.statusCode).toBe(200);
  return categoriasLocalesResponseSchema.parse(res.json()).categoriasLocales;
};

const guardar = (
  who: LoggedIn | null,
  tiendaId: string,
  categoriasLocales: { _id?: string; nombre: string }[],
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/tienda/editar-categorias/${tiendaId}`,
    headers: who?.auth ?? {},
    payload: { categoriasLocales },
  });

const productosDe = (tiendaId: string) =>
  t.database.db
    .select({ id: productos.id, categoriaLocalIds: productos.categoriaLocalIds })
    .from(productos)
    .where(eq(productos.tiendaId, tiendaId))
    .orderBy(asc(productos.id));

/** Its id, by a category's name. */
const idDe = (categorias: { _id: string; nombre: string }[], nombre: string) => {
  const found = categorias.find((c) => c.nombre === nombre);
  if (!found) throw new Error(`sin categoría ${nombre}`);
  return found._id;
};

describe('GET /api/tienda/categorias-locales/{userId}', () => {
  it("answers the seller's store and its local categories by name", async () => {
    const almacen = await vendedor(0);
    const res = await leer(almacen, almacen.userId);
    expect(res.statusCode).toBe(200);
    const { tiendaId, categoriasLocales } = categoriasLocalesResponseSchema.parse(res.json());
    expect(tiendaId).toBe(almacen.tiendaId);
    expect(categoriasLocales.map((c) => c.nombre)).toEqual([
      'Aceites',
      'Conservas',
      'Infusiones',
      'Secos',
    ]);
  });

  it('answers 404 without a store, 403 to another user, 401 anonymous', async () => {
    const almacen = await vendedor(0);
    const sinTienda = await registerAndLogin(t.app);
    const res = await leer(sinTienda, sinTienda.userId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TIENDA_NO_ENCONTRADA');
    expect((await leer(sinTienda, almacen.userId)).statusCode).toBe(403);
    expect((await leer(null, almacen.userId)).statusCode).toBe(401);
  });
});

describe('PUT /api/tienda/editar-categorias/{tiendaId}', () => {
  it('renames keeping ids, adds new ones, and removes the rest from the store and its products', async () => {
    const verduleria = await vendedor(1);
    const antes = await categoriasDe(verduleria);
    expect(antes.length).toBeGreaterThanOrEqual(2);
    const [renombrada, borrada, ...resto] = antes as [
      (typeof antes)[number],
      (typeof antes)[number],
      ...typeof antes,
    ];
    const productosAntes = await productosDe(verduleria.tiendaId);
    const conBorrada = productosAntes.filter((p) => p.categoriaLocalIds.includes(borrada._id));
    expect(conBorrada.length).toBeGreaterThan(0);

    const res = await guardar(verduleria, verduleria.tiendaId, [
      { _id: renombrada._id, nombre: 'De estación' },
      ...resto,
      { nombre: 'Ofertas' },
    ]);
    expect(res.statusCode).toBe(200);
    const { mensaje, categoriasLocales } = editarCategoriasResponseSchema.parse(res.json());
    expect(mensaje).toBe('Categorías actualizadas correctamente');
    expect(idDe(categoriasLocales, 'De estación')).toBe(renombrada._id);
    expect(categoriasLocales.map((c) => c._id)).not.toContain(borrada._id);
    expect(categoriasLocales.map((c) => c.nombre)).toEqual(
      ['De estación', 'Ofertas', ...resto.map((c) => c.nombre)].sort((a, b) =>
        a < b ? -1 : a > b ? 1 : 0,
      ),
    );
    expect(await categoriasDe(verduleria)).toEqual(categoriasLocales);

    // The removed category is off every product; the others' categories are untouched.
    const productosDespues = await productosDe(verduleria.tiendaId);
    for (const [i, producto] of productosDespues.entries()) {
      expect(producto.categoriaLocalIds).toEqual(
        productosAntes[i]?.categoriaLocalIds.filter((id) => id !== borrada._id),
      );
    }
    // The store page shows the new list (the summary triggers followed).
    const pagina = await t.app.inject({ url: `/api/tienda/con-productos/${verduleria.tiendaId}` });
    expect(pagina.json().categoriasLocales).toEqual(categoriasLocales);
  });

  it('swaps two names, changes only the case of another, and reuses a removed name', async () => {
    const carniceria = await vendedor(2);
    const antes = await categoriasDe(carniceria);
    const [a, b, c, d] = antes as [
      (typeof antes)[number],
      (typeof antes)[number],
      (typeof antes)[number],
      (typeof antes)[number],
    ];
    expect(d).toBeDefined();
    const res = await guardar(carniceria, carniceria.tiendaId, [
      { _id: a._id, nombre: b.nombre },
      { _id: b._id, nombre: a.nombre },
      { _id: c._id, nombre: c.nombre.toUpperCase() },
      // d is removed and comes back as a new category with its name in lower case.
      { nombre: d.nombre.toLowerCase() },
    ]);
    expect(res.statusCode).toBe(200);
    const despues = editarCategoriasResponseSchema.parse(res.json()).categoriasLocales;
    expect(idDe(despues, b.nombre)).toBe(a._id);
    expect(idDe(despues, a.nombre)).toBe(b._id);
    expect(idDe(despues, c.nombre.toUpperCase())).toBe(c._id);
    expect(idDe(despues, d.nombre.toLowerCase())).not.toBe(d._id);
    expect(despues).toHaveLength(4);
  });

  it("refuses a duplicate name regardless of case with the spec's text", async () => {
    const panaderia = await vendedor(3);
    const antes = await categoriasDe(panaderia);
    const res = await guardar(panaderia, panaderia.tiendaId, [
      { nombre: 'Bebidas' },
      { nombre: 'bebidas ' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: CATEGORIA_LOCAL_MENSAJES.duplicada,
      mensaje: 'Ya existe una categoría con ese nombre',
      code: 'VALIDACION',
      detalles: [
        { campo: 'categoriasLocales.1.nombre', mensaje: 'Ya existe una categoría con ese nombre' },
      ],
    });
    // A kept category renamed to another kept one's name, too.
    const [x, y] = antes as [(typeof antes)[number], (typeof antes)[number]];
    const renombre = await guardar(panaderia, panaderia.tiendaId, [
      { _id: x._id, nombre: y.nombre.toUpperCase() },
      y,
    ]);
    expect(renombre.statusCode).toBe(400);
    expect(renombre.json().mensaje).toBe('Ya existe una categoría con ese nombre');
    expect(await categoriasDe(panaderia)).toEqual(antes);
  });

  it("refuses an empty name with the spec's text", async () => {
    const panaderia = await vendedor(3);
    for (const nombre of ['', '   ']) {
      const res = await guardar(panaderia, panaderia.tiendaId, [
        { nombre: 'Facturas' },
        { nombre },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'Por favor ingresa un nombre para la categoría',
        mensaje: CATEGORIA_LOCAL_MENSAJES.vacia,
        code: 'VALIDACION',
        detalles: [
          { campo: 'categoriasLocales.1.nombre', mensaje: CATEGORIA_LOCAL_MENSAJES.vacia },
        ],
      });
    }
  });

  it("refuses another store's category id, an unknown one and a repeated one, changing nothing", async () => {
    const bebidas = await vendedor(4);
    const almacen = await vendedor(0);
    const antes = await categoriasDe(bebidas);
    const [primera, ...resto] = antes as [(typeof antes)[number], ...typeof antes];
    const [ajena] = await categoriasDe(almacen);
    for (const intruso of [ajena?._id ?? '', 'ffffffffffffffffffffffff']) {
      const res = await guardar(bebidas, bebidas.tiendaId, [
        { _id: primera._id, nombre: 'Renombrada' },
        ...resto,
        { _id: intruso, nombre: 'Intrusa' },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Una de las categorías no existe en tu tienda',
        mensaje: 'Una de las categorías no existe en tu tienda',
        code: 'CATEGORIA_LOCAL_NO_ENCONTRADA',
        detalles: [
          {
            campo: `categoriasLocales.${antes.length}._id`,
            mensaje: 'Una de las categorías no existe en tu tienda',
          },
        ],
      });
    }
    const repetida = await guardar(bebidas, bebidas.tiendaId, [
      primera,
      { _id: primera._id, nombre: 'Otra' },
    ]);
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().detalles).toEqual([
      { campo: 'categoriasLocales.1._id', mensaje: 'Esta categoría ya está en la lista' },
    ]);
    expect(await categoriasDe(bebidas)).toEqual(antes);
    expect(await categoriasDe(almacen)).toContainEqual(ajena);
  });

  it("changes only the caller's store: 403 for another seller, 404 unknown, 401 anonymous", async () => {
    const limpieza = await vendedor(5);
    const otro = await vendedor(6);
    const antes = await categoriasDe(limpieza);
    const ajena = await guardar(otro, limpieza.tiendaId, [{ nombre: 'Intrusa' }]);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json().code).toBe('ACCESO_DENEGADO');
    const comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
    expect((await guardar(comprador, limpieza.tiendaId, [])).statusCode).toBe(403);
    expect((await guardar(null, limpieza.tiendaId, [{ nombre: 'Intrusa' }])).statusCode).toBe(401);
    const desconocida = await guardar(otro, 'ffffffffffffffffffffffff', [{ nombre: 'X' }]);
    expect(desconocida.statusCode).toBe(404);
    expect(desconocida.json().code).toBe('TIENDA_NO_ENCONTRADA');
    expect(await categoriasDe(limpieza)).toEqual(antes);
  });

  it('may empty the list, which takes every category off the products', async () => {
    const mascotas = await vendedor(6);
    const res = await guardar(mascotas, mascotas.tiendaId, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().categoriasLocales).toEqual([]);
    for (const producto of await productosDe(mascotas.tiendaId)) {
      expect(producto.categoriaLocalIds).toEqual([]);
    }
  });
});
