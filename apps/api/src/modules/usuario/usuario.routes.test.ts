import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos, usuarios } from '../../db/schema';
import { demoVendedorEmail } from '../../demo/demo-tiendas';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../../demo/demo-usuarios';
import {
  type LoggedIn,
  login,
  refreshCookieOf,
  registerAndLogin,
  uniqueEmail,
} from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resolveJwtSecret } from './access-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { demoStores: true });
});
afterAll(() => t.close());

const registrar = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/usuario/registrar', payload });

const valido = () => ({
  nombre: 'Juan Pérez',
  email: uniqueEmail('juan'),
  contrasenia: 'secreta123',
  telefono: '+54 11 5555-4444',
});

describe('POST /api/usuario/registrar', () => {
  it('creates the account with its addresses and does not log in', async () => {
    const datos = {
      ...valido(),
      direcciones: [
        { street: 'Av. Corrientes 1234', city: 'CABA', state: 'Buenos Aires', zipCode: 'C1043' },
      ],
      direccionActivaIndex: 0,
    };
    const res = await registrar(datos);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      mensaje: 'Usuario registrado correctamente',
      usuario: {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        nombre: 'Juan Pérez',
        email: datos.email,
      },
    });
    expect(refreshCookieOf(res)).toBeUndefined();

    const sesion = await login(t.app, datos.email, 'secreta123');
    const direcciones = await t.app.inject({
      method: 'GET',
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(direcciones.json()).toEqual([
      expect.objectContaining({
        direccion: 'Av. Corrientes 1234',
        ciudad: 'CABA',
        provincia: 'Buenos Aires',
        codigoPostal: 'C1043',
        latitud: null,
      }),
    ]);
  });

  it('keeps the street, number and apartment of the dialog, with no point yet', async () => {
    const datos = {
      ...valido(),
      direcciones: [
        {
          street: 'Av. Corrientes',
          number: '1234',
          apartment: '4° B',
          city: 'San Nicolás',
          state: 'Ciudad Autónoma de Buenos Aires',
          zipCode: 'C1043',
        },
        { street: 'Calle 7 entre 47 y 48', city: 'La Plata', state: 'Buenos Aires' },
      ],
    };
    expect((await registrar(datos)).statusCode).toBe(201);
    const sesion = await login(t.app, datos.email, 'secreta123');
    const res = await t.app.inject({
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({
        direccion: 'Av. Corrientes 1234',
        calle: 'Av. Corrientes',
        altura: '1234',
        departamento: '4° B',
        ciudad: 'San Nicolás',
        latitud: null,
        longitud: null,
      }),
      expect.objectContaining({
        direccion: 'Calle 7 entre 47 y 48',
        calle: 'Calle 7 entre 47 y 48',
        altura: null,
        departamento: null,
      }),
    ]);
  });

  it('refuses a door number that is not one, naming the address field', async () => {
    const res = await registrar({
      ...valido(),
      direcciones: [{ street: 'Av. Corrientes', number: 'mil', city: 'CABA', state: 'CABA' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toContainEqual({
      campo: 'direcciones.0.number',
      mensaje: 'La altura debe ser un número (o S/N si no tiene)',
    });
  });

  it.each([
    ['nombre', { nombre: '' }],
    ['email', { email: undefined }],
    ['contrasenia', { contrasenia: undefined }],
    ['telefono', { telefono: '' }],
  ])('rejects a missing %s with 400 naming the field', async (campo, cambio) => {
    const res = await registrar({ ...valido(), ...cambio });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDACION');
    expect(res.json().detalles).toContainEqual(expect.objectContaining({ campo }));
  });

  it('rejects a bad email and a short password with the spec messages', async () => {
    const email = await registrar({ ...valido(), email: 'no-es-un-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().detalles).toContainEqual({
      campo: 'email',
      mensaje: 'Por favor ingresa un email válido',
    });
    const corta = await registrar({ ...valido(), contrasenia: '12345' });
    expect(corta.statusCode).toBe(400);
    expect(corta.json().detalles).toContainEqual({
      campo: 'contrasenia',
      mensaje: 'La contraseña debe tener al menos 6 caracteres',
    });
  });

  it('answers a taken email as a new one, and mails its owner instead (issue 34)', async () => {
    const datos = valido();
    const primera = await registrar(datos);
    expect(primera.statusCode).toBe(201);
    const otra = await registrar({
      ...datos,
      email: datos.email.toUpperCase(),
      nombre: 'Visitá http://spam.example',
      contrasenia: 'otra-clave-9',
    });
    expect(otra.statusCode, otra.body).toBe(201);
    expect(Object.keys(otra.json()).sort()).toEqual(Object.keys(primera.json()).sort());
    expect(otra.json()).toMatchObject({
      mensaje: 'Usuario registrado correctamente',
      usuario: { email: datos.email, nombre: 'Visitá http://spam.example' },
    });
    expect(otra.json().usuario._id).not.toBe(primera.json().usuario._id);
    // One account, its password unchanged; its owner is told once, with nothing typed.
    expect((await login(t.app, datos.email, 'secreta123')).userId).toBe(primera.json().usuario._id);
    await registrar({ ...datos, nombre: 'Otra vez' });
    const enviados = await t.database.db
      .select({ plantilla: correos.plantilla, datos: correos.datos })
      .from(correos)
      .where(eq(correos.para, datos.email));
    expect(enviados.map((c) => c.plantilla).sort()).toEqual([
      'cuenta-existente',
      'verificar-email',
    ]);
    expect(JSON.stringify(enviados)).not.toContain('spam.example');
    expect(JSON.stringify(enviados)).not.toContain('Juan');
  });

  it('answers both of two simultaneous registrations of an email alike; one account is made', async () => {
    const datos = valido();
    const respuestas = await Promise.all([registrar(datos), registrar(datos)]);
    expect(respuestas.map((r) => r.statusCode)).toEqual([201, 201]);
    const cuentas = await t.database.db
      .select({ id: usuarios.id })
      .from(usuarios)
      .where(eq(usuarios.email, datos.email));
    expect(cuentas).toHaveLength(1);
  });
});

describe('POST /api/usuario/login', () => {
  it('answers a 15-minute JWT with userId and sets the refresh cookie on /api/usuario', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: DEMO_USUARIOS.comprador.email.toUpperCase(), contrasenia: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const [, payload] = (res.json().accessToken as string).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    expect(claims.userId).toBe(DEMO_USUARIOS.comprador.id);
    expect(claims.exp - claims.iat).toBe(900);
    const cookie = res.cookies.find((c) => c.name === 'refreshToken');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/usuario', sameSite: 'Lax' });
    expect(cookie?.value.length).toBeGreaterThan(30);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    for (const payload of [
      { email: DEMO_USUARIOS.comprador.email, contrasenia: 'equivocada' },
      { email: 'nadie@ejemplo.com.ar', contrasenia: 'equivocada' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/usuario/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: 'Email o contraseña incorrectos',
        code: 'CREDENCIALES_INVALIDAS',
      });
    }
  });

  it('rejects missing fields with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: DEMO_USUARIOS.comprador.email },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('refresh tokens', () => {
  const refresh = (token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuario/refreshToken',
      cookies: token ? { refreshToken: token } : {},
    });

  it('renews the access token and rotates the cookie on every use', async () => {
    const sesion = await registerAndLogin(t.app);
    const first = await refresh(sesion.refreshToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().accessToken).toEqual(expect.any(String));
    const rotated = refreshCookieOf(first);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(sesion.refreshToken);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const sesion = await registerAndLogin(t.app);
    const rotated = refreshCookieOf(await refresh(sesion.refreshToken));
    const replay = await refresh(sesion.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SESION_INVALIDA');
    // The legitimate newest token of that family is dead too.
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await refresh()).statusCode).toBe(401);
    expect((await refresh('inventado')).statusCode).toBe(401);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const sesion = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/logout',
      cookies: { refreshToken: sesion.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'refreshToken')?.value).toBe('');
    expect((await refresh(sesion.refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  let sesion: LoggedIn;
  beforeAll(async () => {
    sesion = await registerAndLogin(t.app);
  });
  const esRepartidor = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/usuario/esRepartidor',
      headers,
      payload: { userId: sesion.userId },
    });

  it('is required', async () => {
    const res = await esRepartidor({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      code: 'TOKEN_AUSENTE',
      error: 'No se encontró un token de acceso',
    });
  });

  it('rejects a token signed with another key', async () => {
    const forged = await new SignJWT({ userId: sesion.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('otra-clave-que-no-es-la-del-servidor-000'));
    const res = await esRepartidor({ authorization: `Bearer ${forged}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_INVALIDO');
  });

  it('rejects an unsigned token and garbage', async () => {
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ userId: sesion.userId, exp: 9999999999 }),
    ).toString('base64url')}.`;
    for (const token of [unsigned, 'basura']) {
      expect((await esRepartidor({ authorization: `Bearer ${token}` })).json().code).toBe(
        'TOKEN_INVALIDO',
      );
    }
  });

  it('rejects an expired token', async () => {
    const secret = await resolveJwtSecret(t.database.db);
    const expired = await new SignJWT({ userId: sesion.userId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 1000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 100)
      .sign(new TextEncoder().encode(secret));
    const res = await esRepartidor({ authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_EXPIRADO', error: 'Token expirado' });
  });
});

describe('roles and profile', () => {
  it('answers the roles of the caller', async () => {
    const comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
    const repartidor = await login(t.app, DEMO_USUARIOS.repartidor.email, DEMO_PASSWORD);
    const ask = (path: string, who: LoggedIn) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: who.auth,
        payload: { userId: who.userId },
      });
    expect((await ask('/api/usuario/esVendedor', comprador)).json()).toEqual({ esVendedor: false });
    const vendedor = await login(t.app, demoVendedorEmail(0), DEMO_PASSWORD);
    expect((await ask('/api/usuario/esVendedor', vendedor)).json()).toEqual({ esVendedor: true });
    expect((await ask('/api/usuario/esRepartidor', comprador)).json()).toEqual({
      esRepartidor: false,
    });
    expect((await ask('/api/usuario/esRepartidor', repartidor)).json()).toEqual({
      esRepartidor: true,
    });
  });

  it('shows and updates the profile and phone', async () => {
    const sesion = await registerAndLogin(t.app, { nombre: 'Carla Díaz' });
    const perfil = await t.app.inject({
      url: `/api/usuario/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(perfil.json()).toEqual({
      success: true,
      usuario: { nombre: 'Carla Díaz', email: sesion.email, emailVerificado: false },
    });

    const update = await t.app.inject({
      method: 'POST',
      url: `/api/usuario/telefono/${sesion.userId}`,
      headers: sesion.auth,
      payload: { telefono: '+54 351 444-5555' },
    });
    expect(update.json()).toEqual({ telefono: '+54 351 444-5555' });
    const telefono = await t.app.inject({
      url: `/api/usuario/telefono/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(telefono.json()).toEqual({ telefono: '+54 351 444-5555' });

    const invalid = await t.app.inject({
      method: 'POST',
      url: `/api/usuario/telefono/${sesion.userId}`,
      headers: sesion.auth,
      payload: { telefono: 'llamame' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 400 for a malformed userId', async () => {
    const sesion = await registerAndLogin(t.app);
    const res = await t.app.inject({ url: '/api/usuario/no-es-un-id', headers: sesion.auth });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST/GET /api/direccion/{userId}', () => {
  const nueva = {
    direccion: 'Honduras 4800',
    latitud: -34.5875,
    longitud: -58.4262,
    codigoPostal: 'C1414',
    provincia: 'Ciudad Autónoma de Buenos Aires',
    ciudad: 'Palermo',
    departamento: '2° A',
  };

  it('adds an address and lists it', async () => {
    const sesion = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
      payload: nueva,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      mensaje: 'Dirección agregada',
      direccion: {
        _id: expect.any(String),
        ...nueva,
        calle: null,
        altura: null,
        descripcion: null,
      },
    });
    const list = await t.app.inject({
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
    });
    expect(list.json()).toEqual([res.json().direccion]);
  });

  it.each([
    ['latitud', { latitud: -91 }],
    ['longitud', { longitud: 181 }],
    ['latitud', { latitud: 'norte' }],
    ['direccion', { direccion: '' }],
    ['ciudad', { ciudad: undefined }],
    ['provincia', { provincia: '  ' }],
  ])('rejects a bad %s', async (campo, cambio) => {
    const sesion = await registerAndLogin(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/direccion/${sesion.userId}`,
      headers: sesion.auth,
      payload: { ...nueva, ...cambio },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detalles).toContainEqual(expect.objectContaining({ campo }));
  });
});
