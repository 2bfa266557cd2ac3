import { describe, expect, it } from 'vitest';
import type { PuntoGeo } from '../shipping/shipping.port';
import {
  createPlanificadorEmbebido,
  FACTOR_DE_CALLE,
  SEGUNDOS_POR_PARADA,
  VELOCIDAD_URBANA_KMH,
} from './planificador-embebido';
import { haversineMetros } from './recorrido';
import type { ParadaDeRuta, RutaPlanificada } from './rutas.port';

const TIENDA: PuntoGeo = { latitud: -34.58, longitud: -58.42 };

/** Metres in a degree of longitude at the store's latitude. */
const METROS_POR_GRADO =
  ((6_371_008.8 * Math.PI) / 180) * Math.cos((TIENDA.latitud * Math.PI) / 180);

/** `metros` east of the store. */
const alEste = (id: string, metros: number): ParadaDeRuta => ({
  id,
  latitud: TIENDA.latitud,
  longitud: TIENDA.longitud + metros / METROS_POR_GRADO,
});

const sumaDeTramos = (ruta: RutaPlanificada) => ({
  distanciaMetros: ruta.tramos.reduce((total, t) => total + t.distanciaMetros, 0),
  duracionSegundos: ruta.tramos.reduce((total, t) => total + t.duracionSegundos, 0),
});

describe('embedded route planner', () => {
  const planificador = createPlanificadorEmbebido();
  const paradas = [alEste('c', 3000), alEste('a', 1000), alEste('d', 4000), alEste('b', 2000)];

  it('visits stops along a street in order, and ends at the last one without destino', async () => {
    const ruta = await planificador.planificar({ origen: TIENDA, paradas });

    expect(ruta.orden).toEqual(['a', 'b', 'c', 'd']);
    expect(ruta.tramos.map((t) => t.paradaId)).toEqual(['a', 'b', 'c', 'd']);
    expect(ruta).toMatchObject(sumaDeTramos(ruta));
  });

  it('goes back to the store with destino: one more leg, "destino"', async () => {
    const ruta = await planificador.planificar({ origen: TIENDA, paradas, destino: TIENDA });

    expect(ruta.orden).toHaveLength(4);
    expect(ruta.tramos).toHaveLength(5);
    expect(ruta.tramos.at(-1)?.paradaId).toBe('destino');
    expect(ruta).toMatchObject(sumaDeTramos(ruta));
    // Out along the street and back: twice the farthest stop's distance.
    expect(ruta.distanciaMetros).toBeCloseTo(2 * 4000 * FACTOR_DE_CALLE, -1);
  });

  it('prices each leg as great-circle distance × road factor, at urban speed plus the time at the stop', async () => {
    const parada = { id: 'x', latitud: -34.6037, longitud: -58.3816 };
    const ruta = await planificador.planificar({
      origen: TIENDA,
      paradas: [parada],
      destino: TIENDA,
    });

    const metros = haversineMetros(TIENDA, parada) * FACTOR_DE_CALLE;
    const segundos = metros / ((VELOCIDAD_URBANA_KMH * 1000) / 3600);
    expect(ruta.tramos).toEqual([
      {
        paradaId: 'x',
        distanciaMetros: Math.round(metros),
        duracionSegundos: Math.round(segundos + SEGUNDOS_POR_PARADA),
      },
      // Arriving back at the store hands nothing over.
      {
        paradaId: 'destino',
        distanciaMetros: Math.round(metros),
        duracionSegundos: Math.round(segundos),
      },
    ]);
    expect(Number.isInteger(ruta.distanciaMetros) && Number.isInteger(ruta.duracionSegundos)).toBe(
      true,
    );
  });

  it('ends at a destino other than the store', async () => {
    const deposito = {
      latitud: TIENDA.latitud,
      longitud: TIENDA.longitud + 5000 / METROS_POR_GRADO,
    };
    const ruta = await planificador.planificar({
      origen: TIENDA,
      paradas: [alEste('b', 2000), alEste('a', 1000)],
      destino: deposito,
    });
    expect(ruta.orden).toEqual(['a', 'b']);
    expect(ruta.distanciaMetros).toBeCloseTo(5000 * FACTOR_DE_CALLE, -1);
  });

  it('answers an empty route for no stops, destino or not', async () => {
    const vacia = { orden: [], tramos: [], distanciaMetros: 0, duracionSegundos: 0 };
    expect(await planificador.planificar({ origen: TIENDA, paradas: [] })).toEqual(vacia);
    expect(await planificador.planificar({ origen: TIENDA, paradas: [], destino: TIENDA })).toEqual(
      vacia,
    );
  });

  it('visits every stop once when several share a point or sit at the store', async () => {
    const ruta = await planificador.planificar({
      origen: TIENDA,
      paradas: [
        { id: 'en-la-tienda', ...TIENDA },
        alEste('uno', 1500),
        alEste('otro-en-el-mismo-lugar', 1500),
        { id: 'tambien-en-la-tienda', ...TIENDA },
      ],
      destino: null,
    });
    expect([...ruta.orden].sort()).toEqual([
      'en-la-tienda',
      'otro-en-el-mismo-lugar',
      'tambien-en-la-tienda',
      'uno',
    ]);
    expect(ruta.distanciaMetros).toBeCloseTo(1500 * FACTOR_DE_CALLE, -1);
    expect(ruta).toMatchObject(sumaDeTramos(ruta));
  });

  it('every stop at the store: only the time at each stop', async () => {
    const ruta = await planificador.planificar({
      origen: TIENDA,
      paradas: ['a', 'b', 'c'].map((id) => ({ id, ...TIENDA })),
      destino: TIENDA,
    });
    expect(ruta.distanciaMetros).toBe(0);
    expect(ruta.duracionSegundos).toBe(3 * SEGUNDOS_POR_PARADA);
  });
});
