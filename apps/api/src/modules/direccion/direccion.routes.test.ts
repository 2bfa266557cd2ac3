import { ALTURA_INVALIDA, crearDireccionResponseSchema } from '@compra-grupal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { newId } from '../../lib/ids';
import { type LoggedIn, login, registerAndLogin } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const puerta = {
  calle: 'Av. Corrientes',
  altura: '1234',
  departamento: '4° B',
  latitud: -34.6037,
  longitud: -58.3816,
  provincia: 'Ciudad Autónoma de Buenos Aires',
  ciudad: 'San Nicolás',
  codigoPostal: 'C1043',
};

const agregar = (quien: LoggedIn, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/direccion/${quien.userId}`,
    headers: quien.auth,
    payload,
  });

const ubicar = (quien: LoggedIn, userId: string, direccionId: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/direccion/${userId}/${direccionId}`,
    headers: quien.auth,
    payload,
  });

describe('POST /api/direccion/{userId} with street and number', () => {
  it('composes the one-line direccion and keeps calle and altura', async () => {
    const sesion = await registerAndLogin(t.app);
    const res = await agregar(sesion, puerta);
    expect(res.statusCode).toBe(201);
    expect(crearDireccionResponseSchema.parse(res.json()).direccion).toEqual({
      _id: expect.any(String),
      direccion: 'Av. Corrientes 1234',
      calle: 'Av. Corrientes',
      altura: '1234',
      departamento: '4° B',
      descripcion: null,
      ciudad: 'San Nicolás',
      provincia: 'Ciudad Autónoma de Buenos Aires',
      codigoPostal: 'C1043',
      latitud: -34.6037,
      longitud: -58.3816,
    });
    const lista = await t.app.inject({
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(lista.json()).toEqual([res.json().direccion]);
  });

  it.each([
    ['1234 bis', 'Av. Corrientes 1234 bis'],
    ['s/n', 'Av. Corrientes S/N'],
  ])('takes the altura %s', async (altura, direccion) => {
    const sesion = await registerAndLogin(t.app);
    const res = await agregar(sesion, { ...puerta, altura });
    expect(res.statusCode).toBe(201);
    expect(res.json().direccion).toMatchObject({ direccion, altura });
  });

  it('asks for the altura when only the street is given', async () => {
    const sesion = await registerAndLogin(t.app);
    const { altura: _altura, ...sinAltura } = puerta;
    const res = await agregar(sesion, sinAltura);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDACION',
      detalles: [{ campo: 'altura', mensaje: 'La altura es obligatoria' }],
    });
  });

  it.each(['mil', '12-14', '1234567'])('refuses the altura %s', async (altura) => {
    const sesion = await registerAndLogin(t.app);
    const res = await agregar(sesion, { ...puerta, altura });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toContainEqual({ campo: 'altura', mensaje: ALTURA_INVALIDA });
  });
});

describe('PATCH /api/direccion/{userId}/{direccionId}', () => {
  let duenia: LoggedIn;
  let otra: LoggedIn;
  /** An address typed at sign-up: no point yet. */
  let direccionId: string;
  beforeAll(async () => {
    duenia = await registerAndLogin(t.app, {
      direcciones: [
        {
          street: 'Av. Santa Fe',
          number: '3253',
          apartment: '4° B',
          city: 'Palermo',
          state: 'Ciudad Autónoma de Buenos Aires',
        },
      ],
    });
    otra = await registerAndLogin(t.app);
    const [direccion] = (
      await t.app.inject({ url: `/api/direccion/${duenia.userId}`, headers: duenia.auth })
    ).json();
    direccionId = direccion._id;
    expect(direccion.latitud).toBeNull();
  });

  it('places the point of an address of the owner and keeps what was typed', async () => {
    const res = await ubicar(duenia, duenia.userId, direccionId, {
      latitud: -34.5889,
      longitud: -58.4108,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mensaje: 'Ubicación guardada',
      direccion: expect.objectContaining({
        _id: direccionId,
        direccion: 'Av. Santa Fe 3253',
        calle: 'Av. Santa Fe',
        altura: '3253',
        departamento: '4° B',
        ciudad: 'Palermo',
        latitud: -34.5889,
        longitud: -58.4108,
      }),
    });
    const lista = await t.app.inject({
      url: `/api/direccion/${duenia.userId}`,
      headers: duenia.auth,
    });
    expect(lista.json()).toEqual([res.json().direccion]);
  });

  it('refuses another user as the other address routes do (403)', async () => {
    const res = await ubicar(otra, duenia.userId, direccionId, {
      latitud: -34.6,
      longitud: -58.4,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCESO_DENEGADO');
  });

  it("answers another user's address under one's own id as an unknown one (404)", async () => {
    const res = await ubicar(otra, otra.userId, direccionId, { latitud: -34.6, longitud: -58.4 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'DIRECCION_NO_ENCONTRADA',
      error: 'No se encontró la dirección de envío',
    });
    const lista = await t.app.inject({
      url: `/api/direccion/${duenia.userId}`,
      headers: duenia.auth,
    });
    expect(lista.json()[0].latitud).not.toBe(-34.6);
  });

  it('answers 404 in Spanish for an unknown address', async () => {
    const res = await ubicar(duenia, duenia.userId, newId(), { latitud: -34.6, longitud: -58.4 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No se encontró la dirección de envío');
  });

  it('lets an admin place it, as the other address routes do', async () => {
    const admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
    const res = await ubicar(admin, duenia.userId, direccionId, {
      latitud: -34.589,
      longitud: -58.411,
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['latitud', { latitud: -91, longitud: -58.4 }],
    ['latitud', { latitud: 'norte', longitud: -58.4 }],
    ['longitud', { latitud: -34.6 }],
  ])('refuses a bad %s with 400', async (campo, cuerpo) => {
    const res = await ubicar(duenia, duenia.userId, direccionId, cuerpo);
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toContainEqual(expect.objectContaining({ campo }));
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/direccion/${duenia.userId}/${direccionId}`,
      payload: { latitud: -34.6, longitud: -58.4 },
    });
    expect(res.statusCode).toBe(401);
  });
});
