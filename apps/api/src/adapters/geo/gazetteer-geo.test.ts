import { ERROR_CODES } from '@compra-grupal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cargarLugares,
  createGazetteerGeo,
  enArgentina,
  enCaba,
  type LugarGeo,
  normalizar,
  planoDelGazetteer,
} from './gazetteer-geo';

const CABA = 'Ciudad Autónoma de Buenos Aires';

describe('gazetteer (embedded geocoding)', () => {
  const geo = createGazetteerGeo();
  let lugares: LugarGeo[];

  beforeAll(async () => {
    lugares = await cargarLugares();
  });

  describe('data', () => {
    it('holds the 24 provinces with the names Argentines write', () => {
      const provincias = new Set(lugares.map((lugar) => lugar.provincia));
      expect(provincias.size).toBe(24);
      expect(provincias).toContain(CABA);
      expect(provincias).toContain('Buenos Aires');
      expect(provincias).toContain('Tierra del Fuego');
      expect(provincias).toContain('Entre Ríos');
    });

    it('holds the 48 barrios of CABA once each, and localities of every province', () => {
      const barrios = lugares.filter((lugar) => lugar.esBarrio);
      expect(barrios).toHaveLength(48);
      expect(barrios.every((barrio) => barrio.provincia === CABA)).toBe(true);
      expect(lugares.filter((lugar) => lugar.nombre === 'Belgrano' && lugar.esBarrio)).toHaveLength(
        1,
      );
      // The package files some barrios under the province of Buenos Aires: they are not kept.
      expect(lugares.some((l) => l.nombre === 'Belgrano' && l.provincia === 'Buenos Aires')).toBe(
        false,
      );
      expect(lugares.length).toBeGreaterThan(800);
      expect(lugares.some((lugar) => /^Departamento /.test(lugar.nombre))).toBe(false);
    });

    it('places every locality inside Argentina, and only the barrios inside CABA', () => {
      expect(lugares.filter((l) => !enArgentina(l.lat, l.lng)).map((l) => l.nombre)).toEqual([]);
      expect(
        lugares.filter((l) => enCaba(l.lat, l.lng) !== (l.provincia === CABA)).map((l) => l.nombre),
      ).toEqual([]);
    });

    it('leaves the neighbouring countries and the ocean outside Argentina', () => {
      const fuera = [
        [-33.45, -70.67], // Santiago de Chile
        [-51.73, -72.51], // Puerto Natales
        [-34.9, -56.16], // Montevideo
        [-34.47, -57.84], // Colonia del Sacramento
        [-25.28, -57.63], // Asunción
        [-21.9, -65.6], // Villazón
        [-40, -55], // Atlantic
      ] as const;
      for (const [lat, lng] of fuera) expect(enArgentina(lat, lng), `${lat},${lng}`).toBe(false);
    });
  });

  describe('buscar', () => {
    it('finds the barrio Palermo first, in CABA', async () => {
      const [primera] = await geo.buscar('palermo', 5);
      expect(primera).toEqual({
        etiqueta: 'Palermo, Ciudad Autónoma de Buenos Aires',
        direccion: 'Palermo',
        ciudad: 'Palermo',
        provincia: CABA,
        codigoPostal: '1425',
        lat: expect.closeTo(-34.578, 2),
        lng: expect.closeTo(-58.426, 2),
      });
    });

    it('finds the city of Córdoba first, with or without accents and capitals', async () => {
      const sinTilde = await geo.buscar('cordoba', 5);
      expect(sinTilde[0]).toMatchObject({
        etiqueta: 'Córdoba, Córdoba',
        ciudad: 'Córdoba',
        provincia: 'Córdoba',
      });
      expect(await geo.buscar('Córdoba', 5)).toEqual(sinTilde);
      expect(await geo.buscar('  CÓRDOBA ', 5)).toEqual(sinTilde);
    });

    it('ranks word prefixes before substrings, and respects the limit', async () => {
      const nombres = (await geo.buscar('villa', 10)).map((s) => s.ciudad);
      expect(nombres).toHaveLength(10);
      expect(nombres.every((nombre) => nombre.startsWith('Villa'))).toBe(true);

      // The whole name (Crespo, Entre Ríos), then the start of a word (the barrio).
      const crespo = await geo.buscar('crespo', 3);
      expect(crespo.map((s) => s.etiqueta).slice(0, 2)).toEqual([
        'Crespo, Entre Ríos',
        'Villa Crespo, Ciudad Autónoma de Buenos Aires',
      ]);

      const porSubcadena = await geo.buscar('lermo', 5);
      expect(porSubcadena[0]?.ciudad).toBe('Palermo');
    });

    it('puts capitals and CABA barrios before small towns', async () => {
      const [primera] = await geo.buscar('san', 1);
      expect(primera?.ciudad).toMatch(/^San (Juan|Luis|Salvador de Jujuy|Miguel de Tucumán)$/);
    });

    it('understands the names people use', async () => {
      expect((await geo.buscar('buenos aires', 1))[0]?.etiqueta).toBe(CABA);
      expect((await geo.buscar('capital federal', 1))[0]?.etiqueta).toBe(CABA);
      expect((await geo.buscar('barrio norte', 1))[0]?.ciudad).toBe('Recoleta');
      expect((await geo.buscar('tucuman', 1))[0]?.ciudad).toBe('San Miguel de Tucumán');
      expect((await geo.buscar('rosario santa fe', 1))[0]?.etiqueta).toBe('Rosario, Santa Fe');
      expect((await geo.buscar('mar del plata', 1))[0]?.provincia).toBe('Buenos Aires');
    });

    it('answers [] for an empty or unknown text', async () => {
      expect(await geo.buscar('', 5)).toEqual([]);
      expect(await geo.buscar(' ,. ', 5)).toEqual([]);
      expect(await geo.buscar('xyzzyqwerty', 5)).toEqual([]);
    });

    it('is fast once the index is built', async () => {
      await geo.buscar('calentar', 5);
      const inicio = performance.now();
      for (let i = 0; i < 200; i++) await geo.buscar(`villa ${i % 10}`, 5);
      expect((performance.now() - inicio) / 200).toBeLessThan(5);
    });
  });

  describe('inversa', () => {
    it('names the nearest barrio for a point in CABA', async () => {
      expect(await geo.inversa(-34.5889, -58.4108)).toEqual({
        direccion: 'Cerca de Palermo',
        ciudad: 'Palermo',
        provincia: CABA,
        codigoPostal: '1425',
        lat: -34.5889,
        lng: -58.4108,
      });
      expect(await geo.inversa(-34.6206, -58.3717)).toMatchObject({ ciudad: 'San Telmo' });
    });

    it('names the nearest locality elsewhere', async () => {
      expect(await geo.inversa(-31.4201, -64.1888)).toMatchObject({
        direccion: 'Cerca de Córdoba',
        ciudad: 'Córdoba',
        provincia: 'Córdoba',
      });
      // Across the Riachuelo from La Boca: Avellaneda, not a barrio.
      expect(await geo.inversa(-34.6625, -58.365)).toMatchObject({
        ciudad: 'Avellaneda',
        provincia: 'Buenos Aires',
      });
      expect(await geo.inversa(-54.8, -68.3)).toMatchObject({ provincia: 'Tierra del Fuego' });
    });

    it('fills the postal code where the data has it, and only near the place', async () => {
      expect(await geo.inversa(-31.4201, -64.1888)).toMatchObject({ codigoPostal: '5000' });
      expect(await geo.inversa(-34.9215, -57.9545)).toMatchObject({
        ciudad: 'La Plata',
        codigoPostal: '1900',
      });
      // Barrios of the centre span many codes.
      expect(await geo.inversa(-34.6206, -58.3717)).toMatchObject({ codigoPostal: null });
      // Far out in the Patagonian steppe the nearest locality's code would be a guess.
      const lejos = await geo.inversa(-45.2, -69.2);
      expect(lejos.codigoPostal).toBeNull();
    });

    it('answers 404 for a point in the ocean or in Chile', async () => {
      for (const [lat, lng] of [
        [-40, -55],
        [-33.45, -70.67],
      ] as const) {
        await expect(geo.inversa(lat, lng)).rejects.toMatchObject({
          statusCode: 404,
          code: ERROR_CODES.ubicacionFueraDeArgentina,
          message: 'No encontramos una dirección en Argentina para ese punto',
        });
      }
    });
  });

  describe('plano', () => {
    it('holds, for every point of the area, the place the reverse answer names', async () => {
      const [sur, oeste, norte, este] = [-34.64, -58.5, -34.56, -58.36];
      const plano = await planoDelGazetteer(sur, oeste, norte, este);
      const rad = Math.PI / 180;
      const distancia = (a: readonly number[], b: readonly number[]) => {
        const [aLat = 0, aLng = 0] = a;
        const [bLat = 0, bLng = 0] = b;
        const h =
          Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
          Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLng - aLng) * rad) / 2) ** 2;
        return Math.asin(Math.sqrt(h));
      };
      for (let i = 0; i <= 8; i++) {
        for (let j = 0; j <= 8; j++) {
          const lat = sur + ((norte - sur) * i) / 8;
          const lng = oeste + ((este - oeste) * j) / 8;
          const candidatos = plano.lugares.filter((l) => l.barrio === enCaba(lat, lng));
          let mejor = candidatos[0];
          for (const lugar of candidatos) {
            const d = Math.min(...lugar.puntos.map((p) => distancia([lat, lng], p)));
            const m = Math.min(...(mejor?.puntos ?? []).map((p) => distancia([lat, lng], p)));
            if (d < m) mejor = lugar;
          }
          expect(mejor?.nombre, `${lat},${lng}`).toBe((await geo.inversa(lat, lng)).ciudad);
        }
      }
    });
  });

  it('normalises accents, case and punctuation', () => {
    expect(normalizar('  Ñuñoa, CÓRDOBA-Capital ')).toBe('nunoa cordoba capital');
  });
});
