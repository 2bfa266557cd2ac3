import { createServer, type Server } from 'node:http';
import { escucharEnLoopback } from '../../test/escuchar-en-loopback';

/**
 * A local stand-in for an OSRM server (osrm-routed) for the tests: it answers the `table`
 * service (`/table/v1/{profile}/{lon,lat;lon,lat...}?annotations=distance,duration`) with
 * the shape of OSRM's documentation, driving every pair at FACTOR_DEL_FAKE times its
 * great-circle distance and VELOCIDAD_DEL_FAKE_MPS, records every request, and can be told
 * to fail.
 */
export interface OsrmFake {
  /** Like 'http://127.0.0.1:PORT'. */
  baseUrl: string;
  solicitudes: {
    perfil: string;
    /** As sent, [lon, lat]. */
    coordenadas: [number, number][];
    parametros: Record<string, string>;
  }[];
  /**
   * 'caida': 500; 'rechazo': a 400 with OSRM's error body (TooBig); 'html': a 200 that is
   * not JSON; 'otra-forma': JSON of another shape; 'codigo': a 200 whose code is not 'Ok';
   * 'sin-camino': a null cell (a pair OSRM cannot route); 'lenta': answers after 2 s.
   */
  modo: 'normal' | 'caida' | 'rechazo' | 'html' | 'otra-forma' | 'codigo' | 'sin-camino' | 'lenta';
  close(): Promise<void>;
}

/** The fake's streets: each pair this many times its great-circle distance… */
export const FACTOR_DEL_FAKE = 1.4;
/** …driven at 30 km/h. */
export const VELOCIDAD_DEL_FAKE_MPS = 30 / 3.6;

/** Written here on purpose, apart from the adapter's own: the fake checks it, not copies it. */
function granCirculo([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** OSRM rounds distances and durations to one decimal. */
const decima = (x: number) => Math.round(x * 10) / 10;

/** The distance (m) the fake answers between two [lon, lat] points. */
export const distanciaDelFake = (a: [number, number], b: [number, number]) =>
  decima(granCirculo(a, b) * FACTOR_DEL_FAKE);

/** The duration (s) the fake answers between two [lon, lat] points. */
export const duracionDelFake = (a: [number, number], b: [number, number]) =>
  decima((granCirculo(a, b) * FACTOR_DEL_FAKE) / VELOCIDAD_DEL_FAKE_MPS);

const TABLA = /^\/table\/v1\/([^/]+)\/([^/]+)$/;

export async function startOsrmFake(): Promise<OsrmFake> {
  const solicitudes: OsrmFake['solicitudes'] = [];
  const fake = { modo: 'normal' as OsrmFake['modo'] };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };

    const ruta = TABLA.exec(url.pathname);
    if (!ruta)
      return json(400, { code: 'InvalidUrl', message: `URL string malformed: ${url.pathname}` });
    const perfil = decodeURIComponent(ruta[1] as string);
    const coordenadas = decodeURIComponent(ruta[2] as string)
      .split(';')
      .map((par) => par.split(',').map(Number) as [number, number]);
    const parametros = Object.fromEntries(url.searchParams);
    solicitudes.push({ perfil, coordenadas, parametros });

    const invalida = coordenadas.some(
      (c) => c.length !== 2 || !(Math.abs(c[0]) <= 180) || !(Math.abs(c[1]) <= 90),
    );
    if (invalida) return json(400, { code: 'InvalidQuery', message: 'Query string malformed' });

    if (fake.modo === 'lenta') {
      setTimeout(() => json(200, { code: 'Ok', distances: [], durations: [] }), 2000).unref();
      return;
    }
    if (fake.modo === 'caida') return json(500, { code: 'Error', message: 'Internal error' });
    if (fake.modo === 'rechazo') {
      return json(400, { code: 'TooBig', message: 'Too many table coordinates' });
    }
    if (fake.modo === 'html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>502 Bad Gateway</body></html>');
    }
    if (fake.modo === 'otra-forma') return json(200, { code: 'Ok', routes: 'no es una tabla' });
    if (fake.modo === 'codigo') {
      return json(200, {
        code: 'NoSegment',
        message: 'Could not find a matching segment for any coordinate.',
      });
    }

    const pedidas = new Set((parametros.annotations ?? 'duration').split(','));
    const matriz = (valor: typeof distanciaDelFake) =>
      coordenadas.map((a, i) =>
        coordenadas.map((b, j) =>
          fake.modo === 'sin-camino' && i === 0 && j === 1 ? null : valor(a, b),
        ),
      );
    const waypoint = (location: [number, number]) => ({
      hint: 'fake',
      distance: 0,
      name: '',
      location,
    });
    return json(200, {
      code: 'Ok',
      ...(pedidas.has('distance') ? { distances: matriz(distanciaDelFake) } : {}),
      ...(pedidas.has('duration') ? { durations: matriz(duracionDelFake) } : {}),
      sources: coordenadas.map(waypoint),
      destinations: coordenadas.map(waypoint),
    });
  });

  const { puerto, cerrar } = await escucharEnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${puerto}`,
    solicitudes,
    get modo() {
      return fake.modo;
    },
    set modo(modo) {
      fake.modo = modo;
    },
    close: cerrar,
  };
}
