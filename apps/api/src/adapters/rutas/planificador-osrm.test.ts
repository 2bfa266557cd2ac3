import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import type { PuntoGeo } from '../shipping/shipping.port';
import {
  distanciaDelFake,
  duracionDelFake,
  type OsrmFake,
  startOsrmFake,
} from './osrm-fake.test-server';
import { planificarSinCalles, SEGUNDOS_POR_PARADA } from './planificador-embebido';
import { createPlanificadorOsrm } from './planificador-osrm';
import type { ParadaDeRuta } from './rutas.port';

const TIENDA: PuntoGeo = { latitud: -34.58, longitud: -58.42 };
const lonLat = (p: PuntoGeo): [number, number] => [p.longitud, p.latitud];

/** `metros` east of the store, and `norte` metres north. */
const parada = (id: string, metros: number, norte = 0): ParadaDeRuta => ({
  id,
  latitud: TIENDA.latitud + norte / 111_320,
  longitud: TIENDA.longitud + metros / 91_700,
});

describe('OSRM route planner, against a local fake of OSRM', () => {
  let fake: OsrmFake;
  let avisos: { datos: object; mensaje: string }[];
  const planificador = (opciones: { maxCoordenadas?: number } = {}) =>
    createPlanificadorOsrm({
      baseUrl: `${fake.baseUrl}/`,
      timeoutMs: 300,
      log: { warn: (datos, mensaje) => avisos.push({ datos, mensaje }) },
      ...opciones,
    });

  beforeAll(async () => {
    fake = await startOsrmFake();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.solicitudes.length = 0;
    fake.modo = 'normal';
    avisos = [];
  });

  const paradas = [parada('c', 3000, 50), parada('a', 1000), parada('d', 4000), parada('b', 2000)];

  it('asks the table service once, with the coordinates as lon,lat, and orders by its distances', async () => {
    const ruta = await planificador().planificar({ origen: TIENDA, paradas });

    expect(fake.solicitudes).toEqual([
      {
        perfil: 'driving',
        coordenadas: [TIENDA, ...paradas].map((p) => [
          Number(p.longitud.toFixed(6)),
          Number(p.latitud.toFixed(6)),
        ]),
        parametros: { annotations: 'distance,duration' },
      },
    ]);
    expect(fake.solicitudes[0]?.coordenadas[0]).toEqual([-58.42, -34.58]);
    expect(ruta.orden).toEqual(['a', 'b', 'c', 'd']);
  });

  it("takes each leg's distance and duration from the table, plus the time at the stop", async () => {
    const ruta = await planificador().planificar({ origen: TIENDA, paradas, destino: TIENDA });

    const porId = new Map(paradas.map((p) => [p.id, p]));
    const puntos = [TIENDA, ...ruta.orden.map((id) => porId.get(id) as PuntoGeo), TIENDA];
    const tramos = puntos.slice(1).map((hasta, i) => {
      const desde = puntos[i] as PuntoGeo;
      // The adapter sends six decimals: the fake measured those points.
      const [a, b] = [desde, hasta].map((p) => lonLat(p).map((x) => Number(x.toFixed(6)))) as [
        [number, number],
        [number, number],
      ];
      const esParada = i < ruta.orden.length;
      return {
        paradaId: esParada ? ruta.orden[i] : 'destino',
        distanciaMetros: Math.round(distanciaDelFake(a, b)),
        duracionSegundos: Math.round(duracionDelFake(a, b) + (esParada ? SEGUNDOS_POR_PARADA : 0)),
      };
    });
    expect(ruta.tramos).toEqual(tramos);
    expect(ruta.distanciaMetros).toBe(tramos.reduce((total, t) => total + t.distanciaMetros, 0));
    expect(ruta.duracionSegundos).toBe(tramos.reduce((total, t) => total + t.duracionSegundos, 0));
    expect(fake.solicitudes[0]?.coordenadas).toHaveLength(6);
  });

  it('asks nothing for a route without stops', async () => {
    expect(
      await planificador().planificar({ origen: TIENDA, paradas: [], destino: TIENDA }),
    ).toEqual({ orden: [], tramos: [], distanciaMetros: 0, duracionSegundos: 0 });
    expect(fake.solicitudes).toHaveLength(0);
  });

  it('plans without streets, and says so in the log, past the table size OSRM allows', async () => {
    const solicitud = { origen: TIENDA, paradas, destino: TIENDA };
    const ruta = await planificador({ maxCoordenadas: 5 }).planificar(solicitud);

    expect(ruta).toEqual(planificarSinCalles(solicitud));
    expect(fake.solicitudes).toHaveLength(0);
    expect(avisos).toEqual([expect.objectContaining({ datos: { coordenadas: 6, maximo: 5 } })]);
  });

  describe('when OSRM fails: 502 RUTA_NO_DISPONIBLE', () => {
    const rechaza = async (motivo: string) => {
      const error = await planificador()
        .planificar({ origen: TIENDA, paradas })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        statusCode: 502,
        code: 'RUTA_NO_DISPONIBLE',
        message: 'No se pudo planificar la ruta',
      });
      expect(avisos[0]?.datos).toMatchObject({ motivo });
      return avisos[0]?.datos;
    };

    it('an error status', async () => {
      fake.modo = 'caida';
      expect(await rechaza('estado')).toMatchObject({ detalle: { estado: 500 } });
    });

    it('a refusal, whose code and message go to the log', async () => {
      fake.modo = 'rechazo';
      expect(await rechaza('estado')).toMatchObject({
        detalle: { estado: 400, code: 'TooBig', message: 'Too many table coordinates' },
      });
    });

    it('a body that is not JSON', async () => {
      fake.modo = 'html';
      await rechaza('cuerpo');
    });

    it('JSON of another shape', async () => {
      fake.modo = 'otra-forma';
      await rechaza('forma');
    });

    it("a code other than 'Ok'", async () => {
      fake.modo = 'codigo';
      expect(await rechaza('codigo')).toMatchObject({ detalle: { code: 'NoSegment' } });
    });

    it('a pair OSRM cannot route (a null cell)', async () => {
      fake.modo = 'sin-camino';
      await rechaza('sin-camino');
    });

    it('an answer later than the timeout', async () => {
      fake.modo = 'lenta';
      const inicio = Date.now();
      await rechaza('red');
      expect(Date.now() - inicio).toBeLessThan(1500);
    });

    it('nothing listening at the address', async () => {
      const cerrado = createServer();
      await new Promise<void>((resolve) => cerrado.listen(0, '127.0.0.1', resolve));
      const { port } = cerrado.address() as AddressInfo;
      await new Promise((resolve) => cerrado.close(resolve));

      const sinServicio = createPlanificadorOsrm({ baseUrl: `http://127.0.0.1:${port}` });
      await expect(sinServicio.planificar({ origen: TIENDA, paradas })).rejects.toMatchObject({
        statusCode: 502,
        code: 'RUTA_NO_DISPONIBLE',
      });
    });
  });
});
