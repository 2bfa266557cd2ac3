import { PAQUETE_POR_DEFECTO, tiendasQueCubrenResponseSchema } from '@compra-grupal/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasLocales, productos, tiendas } from '../../db/schema';
import { demoTiendaId } from '../../demo/demo-tiendas';
import { DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { COBERTURAS } from '../../demo/reference-data';
import { newId } from '../../lib/ids';
import { createTestApp, type TestApp } from '../../test/test-app';
import { columnasDePaquete } from '../producto/paquete-del-producto';

const PALERMO = { lat: -34.5889, lng: -58.4108 };
// earthdistance's sphere: earth() = 6378168 m.
const METROS_POR_GRADO_LAT = (6378168 * Math.PI) / 180;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
});
afterAll(() => t.close());

const cubren = (body: object) =>
  t.app.inject({ method: 'POST', url: '/api/tienda/con-productos-que-cubren', payload: body });

const nombres = async (body: object) => {
  const res = await cubren(body);
  expect(res.statusCode).toBe(200);
  return tiendasQueCubrenResponseSchema.parse(res.json()).tiendas.map((tienda) => tienda.nombre);
};

describe('POST /api/tienda/con-productos-que-cubren', () => {
  it('lists the enabled demo stores whose coverage reaches Palermo, nearest first', async () => {
    expect(await nombres(PALERMO)).toEqual([
      'Almacén Don Ramón',
      'Panadería La Espiga',
      'Tecno Barrio',
      'La Huerta de Villa Crespo',
      'Bebidas del Centro',
      'Mundo Mascota Colegiales',
      'Limpieza Total',
      'Carnicería El Novillo',
    ]);
  });

  it('never lists a store that is not enabled, nor one whose circle does not reach', async () => {
    const lista = await nombres(PALERMO);
    expect(lista).not.toContain('Dietética Natural');
    expect(lista).not.toContain('Almacén Serrano');
    expect(await nombres({ lat: -31.42, lng: -64.19 })).toEqual(['Almacén Serrano']);
  });

  it('gives each card what it needs: 6 featured products, the total, category and local categories', async () => {
    const res = await cubren(PALERMO);
    const lista = tiendasQueCubrenResponseSchema.parse(res.json()).tiendas;
    const almacen = lista.find((tienda) => tienda._id === demoTiendaId(0));
    expect(almacen).toMatchObject({
      nombre: 'Almacén Don Ramón',
      habilitada: true,
      categoriaNombre: 'Almacén',
      totalProductos: 8,
      logo: expect.stringMatching(/^\/uploads\/tiendas\/.+\.jpg$/),
    });
    expect(almacen?.productos).toHaveLength(6);
    expect(almacen?.productos[0]).toEqual({
      _id: expect.any(String),
      nombre: 'Yerba mate 1 kg',
      precio: 4890,
      imagen: expect.stringMatching(/-320\.jpg$/),
    });
    expect(almacen?.categoriasLocales.map((c) => c.nombre)).toEqual([
      'Aceites',
      'Conservas',
      'Infusiones',
      'Secos',
    ]);
    const tecno = lista.find((tienda) => tienda.nombre === 'Tecno Barrio');
    expect(tecno).toMatchObject({ totalProductos: 0, productos: [], categoriasLocales: [] });

    const logo = await t.app.inject({ url: almacen?.logo ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/jpeg');
  });

  it('keeps each card current as products and local categories change', async () => {
    const db = t.database.db;
    const punto = { lat: -45, lng: -70 };
    const [cobertura] = COBERTURAS;
    if (!cobertura) throw new Error('faltan las coberturas');
    const tiendaId = newId();
    await db.insert(tiendas).values({
      id: tiendaId,
      usuarioId: DEMO_USUARIOS.comprador.id,
      nombre: 'Tienda cambiante',
      telefono: '1',
      email: 'cambiante@ejemplo.com',
      razonSocial: 'Cambiante SA',
      direccion: 'Ruta 40',
      ciudad: 'X',
      provincia: 'Chubut',
      latitud: punto.lat,
      longitud: punto.lng,
      coberturaId: cobertura.id,
      coberturaKm: cobertura.km,
      habilitada: true,
    });
    const tarjeta = async () => {
      const res = await cubren(punto);
      const [unica] = tiendasQueCubrenResponseSchema.parse(res.json()).tiendas;
      return unica;
    };
    expect(await tarjeta()).toMatchObject({
      totalProductos: 0,
      productos: [],
      categoriasLocales: [],
    });

    const yerbaId = newId();
    await db.insert(productos).values(
      ['Yerba', 'Azúcar'].map((nombre, i) => ({
        id: i === 0 ? yerbaId : newId(),
        tiendaId,
        vendedorId: DEMO_USUARIOS.comprador.id,
        nombre,
        precioCentavos: 100_00,
        cantidadTotalGrupo: 5,
        fechaCreacion: new Date(Date.UTC(2026, 0, 1 + i)),
        ...columnasDePaquete(PAQUETE_POR_DEFECTO),
      })),
    );
    const [frutas, verduras] = [newId(), newId()];
    await db.insert(categoriasLocales).values([
      { id: verduras, tiendaId, nombre: 'Verduras' },
      { id: frutas, tiendaId, nombre: 'Frutas' },
    ]);
    expect(await tarjeta()).toMatchObject({
      totalProductos: 2,
      productos: [{ nombre: 'Azúcar' }, { nombre: 'Yerba' }],
      categoriasLocales: [
        { _id: frutas, nombre: 'Frutas' },
        { _id: verduras, nombre: 'Verduras' },
      ],
    });

    await db.update(productos).set({ disponible: false }).where(eq(productos.id, yerbaId));
    await db
      .update(categoriasLocales)
      .set({ nombre: 'Almacén' })
      .where(eq(categoriasLocales.id, verduras));
    await db.delete(categoriasLocales).where(eq(categoriasLocales.id, frutas));
    expect(await tarjeta()).toMatchObject({
      totalProductos: 1,
      productos: [{ nombre: 'Azúcar' }],
      categoriasLocales: [{ _id: verduras, nombre: 'Almacén' }],
    });
    await db.delete(tiendas).where(eq(tiendas.id, tiendaId));
  });

  it('narrows by text in store or product names and descriptions, ignoring case and accents', async () => {
    expect(await nombres({ ...PALERMO, q: 'yerba' })).toEqual(['Almacén Don Ramón']);
    expect(await nombres({ ...PALERMO, q: 'CAFE' })).toEqual(['Almacén Don Ramón']);
    expect(await nombres({ ...PALERMO, q: 'masa madre' })).toEqual(['Panadería La Espiga']);
    expect(await nombres({ ...PALERMO, q: 'carnicería' })).toEqual(['Carnicería El Novillo']);
    expect(await nombres({ ...PALERMO, q: '100%' })).toEqual([]);
    expect(await nombres({ ...PALERMO, q: '' })).toHaveLength(8);
  });

  it('brings the products a search matched into the card, first, even past the 6 featured', async () => {
    const [ultimo] = await t.database.db
      .select({ nombre: productos.nombre })
      .from(productos)
      .where(eq(productos.tiendaId, demoTiendaId(0)))
      .orderBy(productos.fechaCreacion, productos.id)
      .limit(1);
    if (!ultimo) throw new Error('el almacén demo no tiene productos');
    const res = await cubren({ ...PALERMO, q: ultimo.nombre });
    const [almacen] = tiendasQueCubrenResponseSchema.parse(res.json()).tiendas;
    expect(almacen?.productos).toHaveLength(6);
    expect(almacen?.productos[0]?.nombre).toBe(ultimo.nombre);

    const sinBuscar = tiendasQueCubrenResponseSchema
      .parse((await cubren(PALERMO)).json())
      .tiendas.find((tienda) => tienda._id === demoTiendaId(0));
    expect(sinBuscar?.productos.map((producto) => producto.nombre)).not.toContain(ultimo.nombre);
  });

  it('includes a point just inside the radius and excludes one just outside', async () => {
    const centro = { lat: -40, lng: -65 };
    const barrio = COBERTURAS.find((c) => c.km === 2);
    if (!barrio) throw new Error('falta la cobertura de 2 km');
    const id = newId();
    await t.database.db.insert(tiendas).values({
      id,
      usuarioId: DEMO_USUARIOS.comprador.id,
      nombre: 'Tienda del borde',
      telefono: '1',
      email: 'borde@ejemplo.com',
      razonSocial: 'Borde SA',
      direccion: 'Ruta 3',
      ciudad: 'X',
      provincia: 'Río Negro',
      latitud: centro.lat,
      longitud: centro.lng,
      coberturaId: barrio.id,
      coberturaKm: barrio.km,
      habilitada: true,
    });
    const aMetros = (metros: number) => ({
      lat: centro.lat + metros / METROS_POR_GRADO_LAT,
      lng: centro.lng,
    });
    expect(await nombres(aMetros(1990))).toEqual(['Tienda del borde']);
    expect(await nombres(aMetros(2010))).toEqual([]);
    // Along a parallel too, where a degree of longitude is shorter.
    const lngPorMetro = 1 / (METROS_POR_GRADO_LAT * Math.cos((centro.lat * Math.PI) / 180));
    expect(await nombres({ lat: centro.lat, lng: centro.lng + 1990 * lngPorMetro })).toHaveLength(
      1,
    );
    expect(await nombres({ lat: centro.lat, lng: centro.lng + 2010 * lngPorMetro })).toHaveLength(
      0,
    );
  });

  it.each([
    [{ lat: 91, lng: 0 }, 'lat'],
    [{ lat: -90.5, lng: 0 }, 'lat'],
    [{ lat: 0, lng: 180.01 }, 'lng'],
    [{ lat: 0 }, 'lng'],
    [{ lat: '-34.5', lng: '-58.4' }, 'lat'],
    [{ lat: null, lng: 1 }, 'lat'],
  ])('rejects bad coordinates %j with 400', async (body, campo) => {
    const res = await cubren(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toContainEqual(expect.objectContaining({ campo }));
  });

  it('can answer from the coverage index instead of scanning every store', async () => {
    const db = t.database.db;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain select id from tiendas t
        where t.habilitada
          and earth_box(ll_to_earth(t.latitud, t.longitud), t.cobertura_km * 1000) @> ll_to_earth(-34.5889, -58.4108)`)) as unknown as {
        rows: Record<string, string>[];
      };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('tiendas_cobertura_gist');
  });
});

describe('GET /api/tienda/con-productos/{tiendaId}', () => {
  it('answers the store with its available products and local categories', async () => {
    const res = await t.app.inject({ url: `/api/tienda/con-productos/${demoTiendaId(0)}` });
    expect(res.statusCode).toBe(200);
    const tienda = res.json();
    expect(tienda).toMatchObject({
      _id: demoTiendaId(0),
      nombre: 'Almacén Don Ramón',
      email: 'vendedor@compragrupal.com.ar',
      razonSocial: 'Almacén Don Ramón S.R.L.',
    });
    expect(tienda.productos).toHaveLength(8);
    expect(tienda.productos[0]).toMatchObject({
      nombre: 'Yerba mate 1 kg',
      precio: 4890,
      disponible: true,
      cantidadTotalGrupo: 10,
      tiendaId: demoTiendaId(0),
    });
    expect(tienda.categoriasLocales).toHaveLength(4);
    const infusiones = tienda.categoriasLocales.find(
      (c: { nombre: string }) => c.nombre === 'Infusiones',
    );
    expect(tienda.productos[0].categoriaLocalId).toEqual([infusiones._id]);
  });

  it('answers 404 for a store that is not enabled or does not exist, 400 for a malformed id', async () => {
    const disabled = await t.app.inject({ url: `/api/tienda/con-productos/${demoTiendaId(8)}` });
    expect(disabled.statusCode).toBe(404);
    expect(disabled.json()).toMatchObject({
      error: 'Tienda no encontrada',
      code: 'TIENDA_NO_ENCONTRADA',
    });
    const unknown = await t.app.inject({ url: `/api/tienda/con-productos/${newId()}` });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/tienda/con-productos/123' });
    expect(malformed.statusCode).toBe(400);
  });
});
