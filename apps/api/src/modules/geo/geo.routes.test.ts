import {
  buscarGeoResponseSchema,
  ERROR_CODES,
  errorBodySchema,
  planoGeoSchema,
  ubicacionGeoSchema,
} from '@compra-grupal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGazetteerGeo } from '../../adapters/geo/gazetteer-geo';
import { type GeoPort, geoNoDisponible } from '../../adapters/geo/geo.port';
import { type GeorefFake, startGeorefFake } from '../../adapters/geo/georef-fake.test-server';
import { createGeorefGeo } from '../../adapters/geo/georef-geo';
import { registerErrorHandler } from '../../plugins/error-handler';
import { registerOpenApi } from '../../plugins/openapi';
import { createGeoRoutes } from './geo.routes';

/** The geo routes alone, mounted as the app mounts them, with the given adapter. */
async function appCon(geo: GeoPort, { openApi = false } = {}): Promise<FastifyInstance> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  if (openApi) await registerOpenApi(app, true);
  await app.register(
    createGeoRoutes(geo, { tileUrl: 'https://tiles.test/{z}/{x}/{y}.png', atribucion: 'Prueba' }),
    { prefix: '/api/geo' },
  );
  await app.ready();
  return app;
}

describe('/api/geo with the embedded gazetteer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appCon(createGazetteerGeo());
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  describe('GET /api/geo/buscar', () => {
    it('answers suggestions, the barrio first', async () => {
      const res = await get('/api/geo/buscar?q=palermo');
      expect(res.statusCode).toBe(200);
      const { sugerencias } = buscarGeoResponseSchema.parse(res.json());
      expect(sugerencias[0]).toMatchObject({
        etiqueta: 'Palermo, Ciudad Autónoma de Buenos Aires',
        ciudad: 'Palermo',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        codigoPostal: '1425',
      });
    });

    it('trims the text and gives 5 suggestions unless told otherwise', async () => {
      const cinco = await get(`/api/geo/buscar?q=${encodeURIComponent('  villa  ')}`);
      expect(cinco.json().sugerencias).toHaveLength(5);
      const dos = await get('/api/geo/buscar?q=villa&limite=2');
      expect(dos.json().sugerencias).toHaveLength(2);
      const diez = await get('/api/geo/buscar?q=villa&limite=10');
      expect(diez.json().sugerencias).toHaveLength(10);
    });

    it('finds the barrio after the comma of a street address, since it knows no streets', async () => {
      const res = await get(
        `/api/geo/buscar?q=${encodeURIComponent('Av. Corrientes 1234, Palermo')}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sugerencias[0]).toMatchObject({ ciudad: 'Palermo' });
      const sinBarrio = await get(`/api/geo/buscar?q=${encodeURIComponent('Av. Corrientes 1234')}`);
      expect(sinBarrio.json()).toEqual({ sugerencias: [] });
    });

    it('answers an empty list for an unknown place', async () => {
      const res = await get('/api/geo/buscar?q=xyzzyqwerty');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sugerencias: [] });
    });

    it.each([
      ['no text', ''],
      ['one letter', '?q=a'],
      ['blank text', `?q=${encodeURIComponent('   ')}`],
      ['too long a text', `?q=${'a'.repeat(121)}`],
      ['a limit of 0', '?q=palermo&limite=0'],
      ['a limit of 11', '?q=palermo&limite=11'],
      ['a limit that is not a number', '?q=palermo&limite=muchos'],
    ])('answers 400 for %s', async (_caso, query) => {
      const res = await get(`/api/geo/buscar${query}`);
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json())).toMatchObject({
        error: 'Los datos enviados no son válidos',
        code: 'VALIDACION',
      });
    });

    it('says which field is wrong', async () => {
      const res = await get('/api/geo/buscar?q=a');
      expect(res.json().detalles).toEqual([
        { campo: 'q', mensaje: 'Escribe al menos 2 caracteres' },
      ]);
    });
  });

  describe('GET /api/geo/inversa', () => {
    it('answers the barrio of a point in CABA', async () => {
      const res = await get('/api/geo/inversa?lat=-34.5889&lng=-58.4108');
      expect(res.statusCode).toBe(200);
      expect(ubicacionGeoSchema.parse(res.json())).toEqual({
        direccion: 'Cerca de Palermo',
        ciudad: 'Palermo',
        provincia: 'Ciudad Autónoma de Buenos Aires',
        codigoPostal: '1425',
        lat: -34.5889,
        lng: -58.4108,
      });
    });

    it('leaves the postal code out where the barrio spans many codes', async () => {
      const res = await get('/api/geo/inversa?lat=-34.6033&lng=-58.3817');
      expect(res.json()).toMatchObject({ ciudad: 'San Nicolás', codigoPostal: null });
    });

    it.each([
      ['no coordinates', ''],
      ['no longitude', '?lat=-34.6'],
      ['an empty latitude', '?lat=&lng=-58.4'],
      ['a latitude that is not a number', '?lat=abc&lng=-58.4'],
      ['a latitude above 90', '?lat=95&lng=-58.4'],
      ['a longitude below -180', '?lat=-34.6&lng=-181'],
    ])('answers 400 for %s', async (_caso, query) => {
      const res = await get(`/api/geo/inversa${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDACION' });
    });

    it('answers 404 for a point outside Argentina', async () => {
      const res = await get('/api/geo/inversa?lat=-33.45&lng=-70.67');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'No encontramos una dirección en Argentina para ese punto',
        mensaje: 'No encontramos una dirección en Argentina para ese punto',
        code: ERROR_CODES.ubicacionFueraDeArgentina,
      });
    });

    it('needs no session', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/geo/inversa?lat=-31.4201&lng=-64.1888',
        headers: { authorization: 'Bearer no-es-un-token' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ciudad: 'Córdoba', provincia: 'Córdoba' });
    });
  });
});

describe('GET /api/geo/plano', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appCon(createGazetteerGeo());
  });
  afterAll(() => app.close());

  it('answers the barrios near an area of Palermo, the nearby localities and the city outline', async () => {
    const res = await app.inject({
      url: '/api/geo/plano?sur=-34.595&oeste=-58.44&norte=-34.575&este=-58.41',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const plano = planoGeoSchema.parse(res.json());
    const palermo = plano.lugares.find((lugar) => lugar.nombre === 'Palermo');
    expect(palermo).toMatchObject({ provincia: 'Ciudad Autónoma de Buenos Aires', barrio: true });
    expect(palermo?.puntos[0]).toEqual([-34.578, -58.426]);
    expect(palermo?.puntos.length).toBeGreaterThan(1);
    const nombres = plano.lugares.map((lugar) => lugar.nombre);
    expect(nombres).toEqual(expect.arrayContaining(['Recoleta', 'Villa Crespo', 'Vicente López']));
    expect(nombres).not.toContain('Córdoba');
    expect(plano.limiteCaba.length).toBeGreaterThan(10);
  });

  it.each([
    ['a missing edge', '?sur=-34.6&oeste=-58.5&norte=-34.5'],
    ['edges the wrong way round', '?sur=-34.5&oeste=-58.5&norte=-34.6&este=-58.4'],
    ['an area over 2 degrees a side', '?sur=-37&oeste=-60&norte=-34&este=-58'],
  ])('answers 400 for %s', async (_caso, query) => {
    const res = await app.inject({ url: `/api/geo/plano${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDACION' });
  });
});

describe('/api/geo when the provider fails', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const caido: GeoPort = {
      buscaCalles: false,
      buscar: () => Promise.reject(geoNoDisponible()),
      inversa: () => Promise.reject(geoNoDisponible()),
    };
    app = await appCon(caido);
  });
  afterAll(() => app.close());

  it.each(['/api/geo/buscar?q=palermo', '/api/geo/inversa?lat=-34.6&lng=-58.4'])(
    'answers 502 to %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: 'El servicio de mapas no responde. Intenta nuevamente.',
        mensaje: 'El servicio de mapas no responde. Intenta nuevamente.',
        code: ERROR_CODES.geoNoDisponible,
      });
    },
  );
});

describe('/api/geo with Georef AR (local fake)', () => {
  let fake: GeorefFake;
  let app: FastifyInstance;
  beforeAll(async () => {
    fake = await startGeorefFake();
    app = await appCon(createGeorefGeo({ baseUrl: fake.baseUrl, timeoutMs: 300 }));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('answers street suggestions, the reverse address, 404 outside and 502 on failure', async () => {
    const buscar = await app.inject({
      method: 'GET',
      url: `/api/geo/buscar?q=${encodeURIComponent('Av Corrientes 1234')}&limite=3`,
    });
    expect(buscar.statusCode).toBe(200);
    expect(buscar.json().sugerencias[0]).toMatchObject({ direccion: 'Av Corrientes 1234' });
    expect(fake.solicitudes[0]?.parametros).toEqual({ direccion: 'Av Corrientes 1234', max: '3' });

    const inversa = await app.inject({
      method: 'GET',
      url: '/api/geo/inversa?lat=-31.4201&lng=-64.1888',
    });
    expect(inversa.json()).toMatchObject({ ciudad: 'Córdoba', provincia: 'Córdoba' });

    const fuera = await app.inject({ method: 'GET', url: '/api/geo/inversa?lat=-40&lng=-55' });
    expect(fuera.statusCode).toBe(404);

    fake.modo = 'caida';
    const caida = await app.inject({ method: 'GET', url: '/api/geo/buscar?q=palermo' });
    expect(caida.statusCode).toBe(502);
    expect(caida.json()).toMatchObject({ code: ERROR_CODES.geoNoDisponible });
  });
});

describe('/api/geo in the OpenAPI document', () => {
  it('describes both routes with their query parameters and answers', async () => {
    const app = await appCon(createGazetteerGeo(), { openApi: true });
    try {
      const documento = app.swagger() as {
        paths: Record<string, { get: { parameters: { name: string; in: string }[] } }>;
        components: { schemas: Record<string, unknown> };
      };
      const parametros = (ruta: string) =>
        documento.paths[ruta]?.get.parameters.map((p) => `${p.in}:${p.name}`);
      expect(parametros('/api/geo/buscar')).toEqual(['query:q', 'query:limite']);
      expect(parametros('/api/geo/inversa')).toEqual(['query:lat', 'query:lng']);
      expect(parametros('/api/geo/plano')).toEqual([
        'query:sur',
        'query:oeste',
        'query:norte',
        'query:este',
      ]);
      expect(Object.keys(documento.components.schemas)).toEqual(
        expect.arrayContaining(['SugerenciaGeo', 'UbicacionGeo', 'BuscarGeoResponse', 'Error']),
      );
    } finally {
      await app.close();
    }
  });
});

describe('/api/geo/mapa in the whole app', () => {
  it('answers the configured tile layer', async () => {
    const { createTestApp } = await import('../../test/test-app');
    const t = await createTestApp({
      MAP_TILE_URL: 'https://teselas.ejemplo.com.ar/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Ejemplo',
    });
    try {
      const res = await t.app.inject({ url: '/api/geo/mapa' });
      expect(res.json()).toEqual({
        tileUrl: 'https://teselas.ejemplo.com.ar/{z}/{x}/{y}.png',
        atribucion: '© Ejemplo',
        buscaCalles: false,
      });
      const buscar = await t.app.inject({ url: '/api/geo/buscar?q=palermo' });
      expect(buscar.json().sugerencias[0]).toMatchObject({ ciudad: 'Palermo' });
    } finally {
      await t.close();
    }
  });
});

describe('/api/geo/mapa says whether the active geocoder knows streets', () => {
  it('is true with GEO_PROVIDER=georef', async () => {
    const { createTestApp } = await import('../../test/test-app');
    const fake = await startGeorefFake();
    const t = await createTestApp({ GEO_PROVIDER: 'georef', GEOREF_BASE_URL: fake.baseUrl });
    try {
      const res = await t.app.inject({ url: '/api/geo/mapa' });
      expect(res.json()).toMatchObject({ buscaCalles: true });
      const buscar = await t.app.inject({
        url: `/api/geo/buscar?q=${encodeURIComponent('Av Corrientes 1234')}`,
      });
      expect(buscar.json().sugerencias[0]).toMatchObject({ direccion: 'Av Corrientes 1234' });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
