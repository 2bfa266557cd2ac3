import { z } from 'zod';
import type { AppError } from '../../lib/app-error';
import type { PuntoGeo } from '../shipping/shipping.port';
import { armarRuta } from './armar-ruta';
import { planificarSinCalles, SEGUNDOS_POR_PARADA } from './planificador-embebido';
import { ordenarRecorrido } from './recorrido';
import { type PlanificadorDeRutas, rutaNoDisponible, rutaVacia } from './rutas.port';

/** osrm-routed's default `--max-table-size`: a table of more coordinates answers TooBig. */
export const MAX_COORDENADAS_OSRM = 100;

export interface PlanificadorOsrmOptions {
  /** The server's base URL, for example 'http://osrm:5000' (no /table/v1 part). */
  baseUrl: string;
  /** The profile in the URL; osrm-routed serves the one it was built with under any name. */
  perfil?: string;
  /** Per request, the body included. */
  timeoutMs?: number;
  /** The server's `--max-table-size`; a route with more points is planned without streets. */
  maxCoordenadas?: number;
  /** Where a provider failure or a fallback is written down (the client only sees the 502). */
  log?: { warn(datos: object, mensaje: string): void };
}

/**
 * Route planning on the streets of an OSRM server (project-osrm.org): one request to its
 * `table` service gives the distances and durations between every pair of points (origin,
 * stops, destino); the order is recorrido.ts's heuristic over the distances (what the driver
 * pays for in fuel), each leg's duration the table's plus SEGUNDOS_POR_PARADA at a stop.
 *
 * More points than `maxCoordenadas` (OSRM would answer TooBig) are planned by the embedded
 * planner instead, with a warning in the log: the route stays usable, only its figures are
 * estimates. Any network error, timeout, non-2xx answer, code other than 'Ok', unexpected body
 * or unreachable pair (a null cell) is rutaNoDisponible().
 */
export function createPlanificadorOsrm({
  baseUrl,
  perfil = 'driving',
  timeoutMs = 5000,
  maxCoordenadas = MAX_COORDENADAS_OSRM,
  log,
}: PlanificadorOsrmOptions): PlanificadorDeRutas {
  const base = baseUrl.replace(/\/+$/, '');

  const falla = (motivo: string, detalle?: unknown): AppError => {
    log?.warn({ motivo, detalle }, 'OSRM no respondió como se esperaba');
    return rutaNoDisponible();
  };

  /** The n×n distances (m) and durations (s), row-major, between `puntos` as OSRM drives them. */
  async function tabla(puntos: readonly PuntoGeo[]) {
    const coordenadas = puntos.map((p) => `${p.longitud.toFixed(6)},${p.latitud.toFixed(6)}`);
    // Built by hand: URLSearchParams would write the comma as %2C.
    const url = `${base}/table/v1/${encodeURIComponent(perfil)}/${coordenadas.join(';')}?annotations=distance,duration`;

    let respuesta: Response;
    try {
      respuesta = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw falla('red', String(error));
    }
    let cuerpo: unknown;
    try {
      cuerpo = await respuesta.json();
    } catch (error) {
      throw respuesta.ok ? falla('cuerpo', String(error)) : falla('estado', respuesta.status);
    }
    // Every answer, a refusal too, says why in `code` ('Ok', 'TooBig', 'NoSegment'…).
    const resultado = resultadoSchema.safeParse(cuerpo);
    if (!respuesta.ok) {
      throw falla('estado', { estado: respuesta.status, ...resultado.data });
    }
    if (!resultado.success) throw falla('forma', z.prettifyError(resultado.error));
    if (resultado.data.code !== 'Ok') throw falla('codigo', resultado.data);
    const leido = tablaSchema.safeParse(cuerpo);
    if (!leido.success) throw falla('forma', z.prettifyError(leido.error));
    const { distances, durations } = leido.data;

    const n = puntos.length;
    const metros = aplanar(distances, n);
    const segundos = aplanar(durations, n);
    if (!metros || !segundos) throw falla('forma', 'la tabla no es de n×n');
    if (metros.some(Number.isNaN) || segundos.some(Number.isNaN)) {
      throw falla('sin-camino', 'OSRM no encontró camino entre algunos puntos');
    }
    return { metros, segundos };
  }

  return {
    async planificar(solicitud) {
      const { origen, paradas, destino } = solicitud;
      if (paradas.length === 0) return rutaVacia();
      const puntos = destino ? [origen, ...paradas, destino] : [origen, ...paradas];
      if (puntos.length > maxCoordenadas) {
        log?.warn(
          { coordenadas: puntos.length, maximo: maxCoordenadas },
          'Demasiados puntos para la tabla de OSRM: la ruta se planifica sin calles',
        );
        return planificarSinCalles(solicitud);
      }

      const { metros, segundos } = await tabla(puntos);
      const n = puntos.length;
      return armarRuta({
        recorrido: ordenarRecorrido(n, metros, { conFin: Boolean(destino) }),
        paradas,
        distancia: (desde, hasta) => metros[desde * n + hasta] as number,
        duracion: (desde, hasta) => segundos[desde * n + hasta] as number,
        segundosPorParada: SEGUNDOS_POR_PARADA,
      });
    },
  };
}

/** An n×n table as one row-major array (null cells as NaN); undefined when it is not n×n. */
function aplanar(
  filas: readonly (readonly (number | null)[])[],
  n: number,
): Float64Array | undefined {
  if (filas.length !== n || filas.some((fila) => fila.length !== n)) return undefined;
  const plana = new Float64Array(n * n);
  filas.forEach((fila, i) => {
    fila.forEach((celda, j) => {
      plana[i * n + j] = celda ?? Number.NaN;
    });
  });
  return plana;
}

// OSRM v5 `table` answers (docs: project-osrm.org/docs/v5.24.0/api/#table-service), read
// leniently: extra fields (sources, destinations) are ignored; a pair with no route is null.
const celda = z.number().min(0).nullable();

const resultadoSchema = z.object({ code: z.string(), message: z.string().optional() });

const tablaSchema = z.object({
  distances: z.array(z.array(celda)),
  durations: z.array(z.array(celda)),
});
