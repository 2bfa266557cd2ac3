import type { PuntoGeo } from '../shipping/shipping.port';
import { armarRuta } from './armar-ruta';
import { haversineMetros, ordenarRecorrido } from './recorrido';
import {
  type ParadaDeRuta,
  type PlanificadorDeRutas,
  type RutaPlanificada,
  rutaVacia,
} from './rutas.port';

/** On a street grid a trip in a random direction is 4/π ≈ 1.27 times its straight line; a bit more for one-way streets. */
export const FACTOR_DE_CALLE = 1.3;

/** Average speed of a delivery car in city traffic, stops at lights included. */
export const VELOCIDAD_URBANA_KMH = 20;

/** Time at each stop: parking, handing over the order, getting back on the way. */
export const SEGUNDOS_POR_PARADA = 4 * 60;

const METROS_POR_SEGUNDO = (VELOCIDAD_URBANA_KMH * 1000) / 3600;

/**
 * The embedded planner: offline, no provider. Distances are great-circle distances times
 * FACTOR_DE_CALLE, durations those distances at VELOCIDAD_URBANA_KMH plus SEGUNDOS_POR_PARADA
 * at each stop; the order is recorrido.ts's heuristic over the distances.
 */
export function createPlanificadorEmbebido(): PlanificadorDeRutas {
  return {
    async planificar(solicitud) {
      return planificarSinCalles(solicitud);
    },
  };
}

/** What the embedded planner answers, synchronously (the OSRM adapter's fallback uses it too). */
export function planificarSinCalles({
  origen,
  paradas,
  destino,
}: {
  origen: PuntoGeo;
  paradas: readonly ParadaDeRuta[];
  destino?: PuntoGeo | null;
}): RutaPlanificada {
  if (paradas.length === 0) return rutaVacia();
  const puntos = destino ? [origen, ...paradas, destino] : [origen, ...paradas];
  const n = puntos.length;
  const metros = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const distancia =
        haversineMetros(puntos[i] as PuntoGeo, puntos[j] as PuntoGeo) * FACTOR_DE_CALLE;
      metros[i * n + j] = distancia;
      metros[j * n + i] = distancia;
    }
  }
  const distancia = (desde: number, hasta: number) => metros[desde * n + hasta] as number;
  return armarRuta({
    recorrido: ordenarRecorrido(n, metros, { conFin: Boolean(destino) }),
    paradas,
    distancia,
    duracion: (desde, hasta) => distancia(desde, hasta) / METROS_POR_SEGUNDO,
    segundosPorParada: SEGUNDOS_POR_PARADA,
  });
}
