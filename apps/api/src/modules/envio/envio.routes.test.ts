import { cotizarPrevioResponseSchema, errorBodySchema } from '@compra-grupal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { type LoggedIn, registerAndLogin } from '../../test/auth-helpers';
import { crearProducto, vendedorConTienda } from '../../test/producto-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let comprador: LoggedIn;
let otro: LoggedIn;
let tiendaId: string;
let tiendaDeshabilitadaId: string;
/** Caballito, about 4 km from the test store (Palermo). */
let direccionCercaId: string;
/** Córdoba capital, about 650 km away. */
let direccionLejosId: string;
let direccionDelOtroId: string;
/** A product of the test store that ships in a 20 kg box. */
let caja20Kg: string;
let productoDeOtraTienda: string;

async function agregarDireccion(quien: LoggedIn, latitud: number, longitud: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/direccion/${quien.userId}`,
    headers: quien.auth,
    payload: {
      direccion: 'Av. Rivadavia 5000',
      latitud,
      longitud,
      provincia: 'Ciudad Autónoma de Buenos Aires',
      ciudad: 'Caballito',
    },
  });
  if (res.statusCode !== 201) throw new Error(`direccion falló: ${res.body}`);
  return res.json().direccion._id as string;
}

const cuerpo = (cambios: Record<string, unknown> = {}) => ({
  tiendaId,
  direccionDestinoId: direccionCercaId,
  clienteInfo: { nombre: 'Ana Pérez', telefono: '1155554444', email: 'ana@example.com' },
  paquete: { peso: 1.5, largo: 30, ancho: 20, alto: 10 },
  ...cambios,
});

const cotizar = (quien: LoggedIn | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/envio/cotizar-previo',
    headers: quien ? quien.auth : {},
    payload,
  });

beforeAll(async () => {
  t = await createTestApp();
  const vendedor = await vendedorConTienda(t);
  tiendaId = vendedor.tiendaId;
  caja20Kg = (
    await crearProducto(t, vendedor, {
      paquete: JSON.stringify({ peso: 20, largo: 50, ancho: 40, alto: 30 }),
    })
  )._id;
  productoDeOtraTienda = (await crearProducto(t, await vendedorConTienda(t)))._id;
  tiendaDeshabilitadaId = (await vendedorConTienda(t, { habilitada: false })).tiendaId;
  comprador = await registerAndLogin(t.app);
  otro = await registerAndLogin(t.app);
  direccionCercaId = await agregarDireccion(comprador, -34.6186, -58.442);
  direccionLejosId = await agregarDireccion(comprador, -31.4201, -64.1888);
  direccionDelOtroId = await agregarDireccion(otro, -34.6186, -58.442);
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/envio/cotizar-previo', () => {
  it('quotes several carriers, cheapest first, prices in pesos', async () => {
    const res = await cotizar(comprador, cuerpo());
    expect(res.statusCode).toBe(200);
    const { opciones } = cotizarPrevioResponseSchema.parse(res.json());
    expect(opciones.map((o) => `${o.carrier} ${o.servicio}`).sort()).toEqual([
      'Andreani Estándar',
      'Andreani Urgente',
      'Correo Argentino Clásico',
      'Correo Argentino Expreso',
      'Moto Express Mensajería en moto',
      'OCA Estándar',
      'OCA Prioritario',
    ]);
    const precios = opciones.map((o) => o.precio);
    expect(precios).toEqual([...precios].sort((a, b) => a - b));
    // 30×20×10 cm is 1.2 kg volumetric: 1.5 kg real bills 2 kilos.
    expect(opciones).toContainEqual({
      carrier: 'Correo Argentino',
      servicio: 'Clásico',
      tiempoEntrega: '2 a 4 días hábiles',
      diasMinimos: 2,
      diasMaximos: 4,
      precio: 5650,
    });
    expect(opciones.find((o) => o.carrier === 'Moto Express')).toMatchObject({
      tiempoEntrega: 'En el día o el siguiente día hábil',
      diasMinimos: 0,
      diasMaximos: 1,
    });
    expect(opciones.find((o) => o.servicio === 'Urgente')?.tiempoEntrega).toBe('1 día hábil');
  });

  it('leaves the motorbike out far away and prices the distance', async () => {
    const cerca = cotizarPrevioResponseSchema.parse(
      (await cotizar(comprador, cuerpo())).json(),
    ).opciones;
    const res = await cotizar(comprador, cuerpo({ direccionDestinoId: direccionLejosId }));
    expect(res.statusCode).toBe(200);
    const lejos = cotizarPrevioResponseSchema.parse(res.json()).opciones;
    expect(lejos).toHaveLength(6);
    expect(lejos.some((o) => o.carrier === 'Moto Express')).toBe(false);
    const clasico = (opciones: typeof lejos) =>
      opciones.find((o) => o.servicio === 'Clásico')?.precio ?? 0;
    expect(clasico(lejos)).toBeGreaterThan(clasico(cerca));
  });

  it("prices from the packages of the cart's products, never from the one the client declares", async () => {
    const items = [{ productoId: caja20Kg, cantidadSolicitada: 1 }];
    const declarados = [
      { peso: 0.1, largo: 1, ancho: 1, alto: 1 },
      { peso: 20, largo: 60, ancho: 40, alto: 40 },
    ];
    const [chico, grande] = await Promise.all(
      declarados.map(async (paquete) => {
        const res = await cotizar(comprador, cuerpo({ paquete, items }));
        expect(res.statusCode, res.body).toBe(200);
        return cotizarPrevioResponseSchema.parse(res.json()).opciones;
      }),
    );
    expect(chico).toEqual(grande);
    // The seller's 20 kg box: more than the default package quoted without items.
    const porDefecto = cotizarPrevioResponseSchema.parse(
      (await cotizar(comprador, cuerpo())).json(),
    ).opciones;
    const andreani = (opciones: { carrier: string; servicio: string; precio: number }[] = []) =>
      opciones.find((o) => o.carrier === 'Andreani' && o.servicio === 'Estándar')?.precio ?? 0;
    expect(andreani(chico)).toBeGreaterThan(andreani(porDefecto));
    // More units, more shipping.
    const dos = cotizarPrevioResponseSchema.parse(
      (
        await cotizar(
          comprador,
          cuerpo({ items: [{ productoId: caja20Kg, cantidadSolicitada: 2 }] }),
        )
      ).json(),
    ).opciones;
    expect(andreani(dos)).toBeGreaterThan(andreani(chico));
  });

  it('answers an empty list when no carrier takes the units', async () => {
    const res = await cotizar(
      comprador,
      cuerpo({ items: [{ productoId: caja20Kg, cantidadSolicitada: 3 }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ opciones: [] });
  });

  it('answers 404 for a product of another store or an unknown one', async () => {
    for (const productoId of [productoDeOtraTienda, newId()]) {
      const res = await cotizar(
        comprador,
        cuerpo({ items: [{ productoId, cantidadSolicitada: 1 }] }),
      );
      expect(res.statusCode).toBe(404);
      expect(errorBodySchema.parse(res.json()).code).toBe('PRODUCTO_NO_ENCONTRADO');
    }
  });

  it('asks for a session', async () => {
    const res = await cotizar(null, cuerpo());
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).code).toBe('TOKEN_AUSENTE');
  });

  it("never quotes to another user's address, nor reveals it exists", async () => {
    const ajena = await cotizar(comprador, cuerpo({ direccionDestinoId: direccionDelOtroId }));
    const desconocida = await cotizar(comprador, cuerpo({ direccionDestinoId: newId() }));
    for (const res of [ajena, desconocida]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'DIRECCION_NO_ENCONTRADA',
        error: 'No se encontró la dirección de envío',
      });
    }
    expect(ajena.body).toBe(desconocida.body);
    // The owner does get it.
    expect(
      (await cotizar(otro, cuerpo({ direccionDestinoId: direccionDelOtroId }))).statusCode,
    ).toBe(200);
  });

  it.each([
    ['an unknown store', () => newId()],
    ['a store the team has not enabled', () => tiendaDeshabilitadaId],
  ])('answers 404 for %s', async (_caso, tienda) => {
    const res = await cotizar(comprador, cuerpo({ tiendaId: tienda() }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'TIENDA_NO_ENCONTRADA',
      error: 'No se pudo obtener información de la tienda',
    });
  });

  it('refuses absurd packages with the contract messages', async () => {
    const res = await cotizar(
      comprador,
      cuerpo({ paquete: { peso: 5000, largo: 0, ancho: 20, alto: 10 } }),
    );
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDACION');
    expect(body.detalles?.map((d) => d.mensaje).sort()).toEqual([
      'El largo debe estar entre 1 y 300 cm',
      'El peso debe estar entre 0.1 y 1000 kg',
    ]);
    const incompleto = await cotizar(comprador, cuerpo({ paquete: { peso: 1 } }));
    expect(incompleto.statusCode).toBe(400);
  });

  it('asks for the point of an address typed at sign-up, with its code, and quotes once it is placed', async () => {
    const registrada = await registerAndLogin(t.app, {
      direcciones: [
        {
          street: 'Av. Rivadavia',
          number: '5000',
          apartment: '3° C',
          city: 'Caballito',
          state: 'Ciudad Autónoma de Buenos Aires',
        },
      ],
    });
    const [direccion] = (
      await t.app.inject({ url: `/api/direccion/${registrada.userId}`, headers: registrada.auth })
    ).json();
    const pedir = () => cotizar(registrada, cuerpo({ direccionDestinoId: direccion._id }));

    const sinPunto = await pedir();
    expect(sinPunto.statusCode).toBe(422);
    expect(sinPunto.json()).toEqual({
      error: 'Debes seleccionar una ubicación en el mapa',
      mensaje: 'Debes seleccionar una ubicación en el mapa',
      code: 'DIRECCION_SIN_UBICACION',
    });

    const ubicar = await t.app.inject({
      method: 'PATCH',
      url: `/api/direccion/${registrada.userId}/${direccion._id}`,
      headers: registrada.auth,
      payload: { latitud: -34.6186, longitud: -58.442 },
    });
    expect(ubicar.statusCode).toBe(200);
    const conPunto = await pedir();
    expect(conPunto.statusCode).toBe(200);
    expect(cotizarPrevioResponseSchema.parse(conPunto.json()).opciones.length).toBeGreaterThan(0);
  });

  it('answers an unknown store before the missing point', async () => {
    const sinUbicacion = newId();
    await t.database.db.execute(
      sql`insert into direcciones (id, usuario_id, direccion, ciudad, provincia)
          values (${sinUbicacion}, ${comprador.userId}, 'Calle 7 123', 'La Plata', 'Buenos Aires')`,
    );
    const res = await cotizar(
      comprador,
      cuerpo({ direccionDestinoId: sinUbicacion, tiendaId: newId() }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TIENDA_NO_ENCONTRADA');
  });
});
