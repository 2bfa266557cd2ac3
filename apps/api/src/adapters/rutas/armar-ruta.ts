import type { CostoEntre } from './recorrido';
import { PARADA_DESTINO, type ParadaDeRuta, type RutaPlanificada } from './rutas.port';

/**
 * The route of a visiting order over the nodes both planners number alike: 0 the origin,
 * 1..k the stops as given, k+1 the destino when there is one. Each leg is rounded to whole
 * metres and seconds, and the totals are the sums of the rounded legs.
 */
export function armarRuta({
  recorrido,
  paradas,
  distancia,
  duracion,
  segundosPorParada,
}: {
  /** From `ordenarRecorrido`: node 0 first. */
  recorrido: readonly number[];
  paradas: readonly ParadaDeRuta[];
  /** Metres between two nodes. */
  distancia: CostoEntre;
  /** Seconds of driving between two nodes. */
  duracion: CostoEntre;
  /** Added to each leg that arrives at a stop (not to the leg to destino). */
  segundosPorParada: number;
}): RutaPlanificada {
  const ruta: RutaPlanificada = { orden: [], tramos: [], distanciaMetros: 0, duracionSegundos: 0 };
  for (let k = 1; k < recorrido.length; k++) {
    const desde = recorrido[k - 1] as number;
    const hasta = recorrido[k] as number;
    const parada = paradas[hasta - 1];
    const distanciaMetros = Math.round(distancia(desde, hasta));
    const duracionSegundos = Math.round(duracion(desde, hasta) + (parada ? segundosPorParada : 0));
    if (parada) ruta.orden.push(parada.id);
    ruta.tramos.push({
      paradaId: parada ? parada.id : PARADA_DESTINO,
      distanciaMetros,
      duracionSegundos,
    });
    ruta.distanciaMetros += distanciaMetros;
    ruta.duracionSegundos += duracionSegundos;
  }
  return ruta;
}
