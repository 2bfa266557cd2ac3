import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@compra-grupal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { type GeorefFake, startGeorefFake } from './georef-fake.test-server';
import { createGeorefGeo } from './georef-geo';

describe('Georef AR adapter, against a local fake of Georef', () => {
  let fake: GeorefFake;
  let avisos: { datos: object; mensaje: string }[];
  const geo = () =>
    createGeorefGeo({
      baseUrl: `${fake.baseUrl}/`,
      timeoutMs: 300,
      log: { warn: (datos, mensaje) => avisos.push({ datos, mensaje }) },
    });

  beforeAll(async () => {
    fake = await startGeorefFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.solicitudes.length = 0;
    fake.modo = 'normal';
    avisos = [];
  });

  const rejectsWith = async (promise: Promise<unknown>, statusCode: number, code: string) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode, code });
  };

  describe('buscar', () => {
    it('suggests street addresses from /direcciones, with readable names', async () => {
      const sugerencias = await geo().buscar('Av Corrientes 1234', 5);

      expect(sugerencias).toEqual([
        {
          etiqueta: 'Av Corrientes 1234, Ciudad Autónoma de Buenos Aires',
          direccion: 'Av Corrientes 1234',
          ciudad: 'Ciudad Autónoma de Buenos Aires',
          provincia: 'Ciudad Autónoma de Buenos Aires',
          codigoPostal: null,
          lat: -34.6040188,
          lng: -58.3846357,
        },
      ]);
      expect(fake.solicitudes).toEqual([
        {
          ruta: '/georef/api/direcciones',
          parametros: { direccion: 'Av Corrientes 1234', max: '5' },
        },
      ]);
    });

    it('leaves out addresses Georef cannot place on the map', async () => {
      const sugerencias = await geo().buscar('Florida 2950', 3);

      expect(sugerencias).toEqual([
        expect.objectContaining({
          etiqueta: 'Florida 2950, Merlo, Buenos Aires',
          ciudad: 'Merlo',
          provincia: 'Buenos Aires',
        }),
      ]);
      expect(fake.solicitudes.map((s) => s.parametros.max)).toEqual(['3']);
    });

    it('falls back to /localidades when no street matches', async () => {
      const sugerencias = await geo().buscar('carlos paz', 4);

      expect(sugerencias).toEqual([
        {
          etiqueta: 'Villa Carlos Paz, Córdoba',
          direccion: 'Villa Carlos Paz',
          ciudad: 'Villa Carlos Paz',
          provincia: 'Córdoba',
          codigoPostal: null,
          lat: -31.4240971,
          lng: -64.4977981,
        },
      ]);
      expect(fake.solicitudes).toEqual([
        { ruta: '/georef/api/direcciones', parametros: { direccion: 'carlos paz', max: '4' } },
        { ruta: '/georef/api/localidades', parametros: { nombre: 'carlos paz', max: '4' } },
      ]);
    });

    it('names a locality of the city with its comuna', async () => {
      const [palermo] = await geo().buscar('palermo', 5);
      expect(palermo).toMatchObject({
        etiqueta: 'Palermo, Comuna 14, Ciudad Autónoma de Buenos Aires',
        ciudad: 'Palermo',
        provincia: 'Ciudad Autónoma de Buenos Aires',
      });
    });

    it('answers no suggestions when nothing matches', async () => {
      expect(await geo().buscar('zzzz inexistente', 5)).toEqual([]);
      expect(fake.solicitudes).toHaveLength(2);
    });
  });

  describe('inversa', () => {
    it('names the municipality and province of a point', async () => {
      const ubicacion = await geo().inversa(-31.4201, -64.1888);

      expect(ubicacion).toEqual({
        direccion: 'Córdoba',
        ciudad: 'Córdoba',
        provincia: 'Córdoba',
        codigoPostal: null,
        lat: -31.4201,
        lng: -64.1888,
      });
      expect(fake.solicitudes).toEqual([
        { ruta: '/georef/api/ubicacion', parametros: { lat: '-31.4201', lon: '-64.1888' } },
      ]);
    });

    it('gives the city, not the comuna, as the ciudad of a point in CABA', async () => {
      expect(await geo().inversa(-34.6037, -58.3816)).toMatchObject({
        direccion: 'Comuna 1',
        ciudad: 'Ciudad Autónoma de Buenos Aires',
        provincia: 'Ciudad Autónoma de Buenos Aires',
      });
    });

    it('uses the nearest street when Georef gives one', async () => {
      expect(await geo().inversa(-34.5889, -58.4108)).toMatchObject({
        direccion: 'Av Santa Fe 3253',
        ciudad: 'Ciudad Autónoma de Buenos Aires',
      });
    });

    it('shortens the official name of Tierra del Fuego', async () => {
      expect(await geo().inversa(-54.8019, -68.303)).toMatchObject({
        ciudad: 'Ushuaia',
        provincia: 'Tierra del Fuego',
      });
    });

    it('answers 404 for a point outside Argentina (null province fields)', async () => {
      await rejectsWith(geo().inversa(-33.45, -70.67), 404, ERROR_CODES.ubicacionFueraDeArgentina);
    });

    it('answers 404 for a point outside Argentina (provincia: null)', async () => {
      await rejectsWith(geo().inversa(-35, -50), 404, ERROR_CODES.ubicacionFueraDeArgentina);
    });
  });

  describe('when Georef fails', () => {
    it('answers 502 for an error status, and logs why', async () => {
      fake.modo = 'caida';
      await rejectsWith(geo().buscar('Av Corrientes 1234', 5), 502, ERROR_CODES.geoNoDisponible);
      await rejectsWith(geo().inversa(-31.4201, -64.1888), 502, ERROR_CODES.geoNoDisponible);
      expect(avisos[0]?.datos).toMatchObject({
        recurso: 'direcciones',
        motivo: 'estado',
        detalle: 500,
      });
    });

    it('answers 502 for a body that is not JSON', async () => {
      fake.modo = 'html';
      await rejectsWith(geo().buscar('Av Corrientes 1234', 5), 502, ERROR_CODES.geoNoDisponible);
    });

    it('answers 502 for JSON of another shape', async () => {
      fake.modo = 'otra-forma';
      await rejectsWith(geo().inversa(-31.4201, -64.1888), 502, ERROR_CODES.geoNoDisponible);
      expect(avisos[0]?.datos).toMatchObject({ motivo: 'forma' });
    });

    it('answers 502 when Georef takes longer than the timeout', async () => {
      fake.modo = 'lenta';
      const inicio = Date.now();
      await rejectsWith(geo().inversa(-31.4201, -64.1888), 502, ERROR_CODES.geoNoDisponible);
      expect(Date.now() - inicio).toBeLessThan(1500);
    });

    it('answers 502 when nothing listens at the address', async () => {
      const cerrado = createServer();
      await new Promise<void>((resolve) => cerrado.listen(0, '127.0.0.1', resolve));
      const { port } = cerrado.address() as AddressInfo;
      await new Promise((resolve) => cerrado.close(resolve));

      const geoSinServicio = createGeorefGeo({ baseUrl: `http://127.0.0.1:${port}/georef/api` });
      await rejectsWith(
        geoSinServicio.buscar('Av Corrientes 1234', 5),
        502,
        ERROR_CODES.geoNoDisponible,
      );
    });
  });
});
