import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { type LoggedIn, login, uniqueEmail } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding: a NUL byte in any string, or a coordinate such as 5e-324, reached PostgreSQL and
 * answered 500. The contracts refuse them: 400 in the shared error shape, naming the field.
 */
describe('security: request strings and numbers the database cannot take', () => {
  let t: TestApp;
  let comprador: LoggedIn;

  beforeAll(async () => {
    t = await createTestApp({}, { demoStores: true });
    comprador = await login(t.app, DEMO_USUARIOS.comprador.email, DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });

  /** A 400 in the shared error shape whose `detalles` name `campo`. */
  const expectRefused = (
    res: { statusCode: number; json(): unknown },
    campo: string,
    mensaje?: string | RegExp,
  ) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as {
      error: string;
      mensaje: string;
      code: string;
      detalles: { campo: string; mensaje: string }[];
    };
    expect(body).toMatchObject({
      error: expect.any(String),
      mensaje: expect.any(String),
      code: 'VALIDACION',
    });
    const detalle = body.detalles.find((d) => d.campo === campo);
    expect(detalle, JSON.stringify(body.detalles)).toBeDefined();
    if (mensaje) expect(detalle?.mensaje).toMatch(mensaje);
  };

  const registro = (overrides: Record<string, unknown> = {}) => ({
    nombre: 'Ana Pérez',
    email: uniqueEmail(),
    contrasenia: 'secreta123',
    telefono: '1155554444',
    ...overrides,
  });
  const domicilio = {
    street: 'Av. Corrientes 1234',
    city: 'CABA',
    state: 'Buenos Aires',
    zipCode: 'C1043',
  };
  const nuevaDireccion = {
    direccion: 'Av. Corrientes 1234',
    latitud: -34.6037,
    longitud: -58.3816,
    provincia: 'Buenos Aires',
    ciudad: 'CABA',
  };

  it('a NUL byte in a register field is a 400 naming the field, not a 500', async () => {
    expectRefused(
      await post('/api/usuario/registrar', registro({ nombre: 'Ana\u0000Pérez' })),
      'nombre',
      /caracteres no permitidos/,
    );
    expectRefused(
      await post(
        '/api/usuario/registrar',
        registro({ direcciones: [{ ...domicilio, street: 'Corrientes\u00001234' }] }),
      ),
      'direcciones.0.street',
    );
    expectRefused(
      await post(
        '/api/usuario/registrar',
        registro({ direcciones: [{ ...domicilio, zipCode: 'C10\u000043' }] }),
      ),
      'direcciones.0.zipCode',
    );
    expectRefused(
      await post('/api/usuario/registrar', registro({ contrasenia: 'secreta\u0000123' })),
      'contrasenia',
    );
  });

  it('other control characters are refused too: C0, DEL, C1, lone surrogates, U+FFFF', async () => {
    for (const malo of ['\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\ud800', '\uffff']) {
      expectRefused(
        await post('/api/usuario/registrar', registro({ nombre: `Ana${malo}Pérez` })),
        'nombre',
      );
    }
    // A single-line field takes no line break inside it (surrounding whitespace is trimmed).
    expectRefused(
      await post('/api/usuario/registrar', registro({ nombre: 'Ana\nPérez' })),
      'nombre',
    );
  });

  it('accents, emoji and right-to-left text are still welcome', async () => {
    const res = await post(
      '/api/usuario/registrar',
      registro({
        nombre: '  Zoë Ñandú 🛒 مرحبا  ',
        direcciones: [{ ...domicilio, street: 'Güemes 😀 1234' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().usuario.nombre).toBe('Zoë Ñandú 🛒 مرحبا');
  });

  it('a NUL byte at login is a 400 naming the field', async () => {
    expectRefused(
      await post('/api/usuario/login', {
        email: DEMO_USUARIOS.comprador.email,
        contrasenia: `${DEMO_PASSWORD}\u0000`,
      }),
      'contrasenia',
    );
    expectRefused(
      await post('/api/usuario/login', {
        email: `comprador\u0000@compragrupal.com.ar`,
        contrasenia: DEMO_PASSWORD,
      }),
      'email',
      'Por favor ingresa un email válido',
    );
  });

  it('keeps the spec messages of the forms', async () => {
    expectRefused(
      await post('/api/usuario/login', { email: 'no-es-un-email', contrasenia: 'x' }),
      'email',
      'Por favor ingresa un email válido',
    );
    expectRefused(
      await post('/api/usuario/login', { email: DEMO_USUARIOS.comprador.email, contrasenia: '' }),
      'contrasenia',
      'Por favor completa todos los campos',
    );
    expectRefused(
      await post('/api/usuario/registrar', registro({ contrasenia: '123' })),
      'contrasenia',
      'La contraseña debe tener al menos 6 caracteres',
    );
  });

  it('over-long register address fields are a 400, as is every over-long string', async () => {
    const largo = 'x'.repeat(5000);
    for (const campo of [
      'street',
      'number',
      'apartment',
      'city',
      'state',
      'zipCode',
      'country',
    ] as const) {
      expectRefused(
        await post(
          '/api/usuario/registrar',
          registro({ direcciones: [{ ...domicilio, [campo]: largo }] }),
        ),
        `direcciones.0.${campo}`,
      );
    }
    expectRefused(
      await post('/api/usuario/registrar', registro({ email: `${largo}@ejemplo.com` })),
      'email',
    );
    expectRefused(
      await post('/api/usuario/registrar', registro({ direccionActivaIndex: 1e15 })),
      'direccionActivaIndex',
    );
  });

  it('a NUL byte in a new address is a 400 naming the field', async () => {
    const url = `/api/direccion/${comprador.userId}`;
    for (const campo of ['direccion', 'ciudad', 'provincia', 'codigoPostal', 'departamento']) {
      expectRefused(
        await post(url, { ...nuevaDireccion, [campo]: 'Algo\u0000raro' }, comprador.auth),
        campo,
      );
    }
    for (const campo of ['calle', 'altura']) {
      expectRefused(
        await post(
          url,
          { ...nuevaDireccion, calle: 'Av. Corrientes', altura: '1234', [campo]: '12\u0000' },
          comprador.auth,
        ),
        campo,
      );
    }
    // The delivery note may span lines, but takes no other control character.
    const conSaltos = await post(
      url,
      { ...nuevaDireccion, descripcion: 'Timbre 3B\nPortón verde' },
      comprador.auth,
    );
    expect(conSaltos.statusCode).toBe(201);
    expect(conSaltos.json().direccion.descripcion).toBe('Timbre 3B\nPortón verde');
    expectRefused(
      await post(url, { ...nuevaDireccion, descripcion: 'Timbre\u0000' }, comprador.auth),
      'descripcion',
    );
  });

  it('a NUL byte in the listing search is a 400 naming `q`', async () => {
    expectRefused(
      await post('/api/tienda/con-productos-que-cubren', {
        lat: -34.6037,
        lng: -58.3816,
        q: 'pan\u0000',
      }),
      'q',
    );
  });

  it('a NUL byte in a query string or a path parameter is a 400 naming the field', async () => {
    expectRefused(await t.app.inject({ url: '/api/geo/buscar?q=Corrientes%00' }), 'q');
    expectRefused(await t.app.inject({ url: '/api/geo/inversa?lat=-34.6%00&lng=-58.4' }), 'lat');
    expectRefused(
      await t.app.inject({ url: '/api/tienda/con-productos/%00', headers: comprador.auth }),
      'tiendaId',
    );
  });

  it('denormal, infinite and out-of-range coordinates are a 400, not a 500', async () => {
    for (const lat of [5e-324, -5e-324, 1e-310, 2.2e-308]) {
      expectRefused(
        await post('/api/tienda/con-productos-que-cubren', { lat, lng: -58.3816 }),
        'lat',
      );
      expectRefused(
        await post(
          `/api/direccion/${comprador.userId}`,
          { ...nuevaDireccion, latitud: lat },
          comprador.auth,
        ),
        'latitud',
      );
    }
    // JSON numbers too large for a double parse as Infinity.
    const infinito = await t.app.inject({
      method: 'POST',
      url: '/api/tienda/con-productos-que-cubren',
      headers: { 'content-type': 'application/json' },
      payload: '{"lat": -34.6, "lng": 1e400}',
    });
    expectRefused(infinito, 'lng');
    expectRefused(
      await post('/api/tienda/con-productos-que-cubren', { lat: 91, lng: 0 }),
      'lat',
      'Latitud inválida',
    );
    expectRefused(await t.app.inject({ url: '/api/geo/inversa?lat=5e-324&lng=-58.4' }), 'lat');
    expectRefused(await t.app.inject({ url: '/api/geo/inversa?lat=NaN&lng=-58.4' }), 'lat');
    expectRefused(await t.app.inject({ url: '/api/geo/inversa?lat=-34.6&lng=Infinity' }), 'lng');
    expectRefused(
      await t.app.inject({ url: '/api/geo/buscar?q=Corrientes&limite=1e-320' }),
      'limite',
    );
  });

  it('zero and ordinary coordinates are still accepted', async () => {
    const cero = await post('/api/tienda/con-productos-que-cubren', { lat: 0, lng: -0 });
    expect(cero.statusCode).toBe(200);
    const buenosAires = await post('/api/tienda/con-productos-que-cubren', {
      lat: -34.6037,
      lng: -58.3816,
    });
    expect(buenosAires.statusCode).toBe(200);
    expect(buenosAires.json().tiendas.length).toBeGreaterThan(0);
  });
});
