import { describe, expect, it } from 'vitest';
import type { PuntoGeo } from '../shipping/shipping.port';
import { type CostoEntre, costoDelRecorrido, haversineMetros, ordenarRecorrido } from './recorrido';

const PALERMO: PuntoGeo = { latitud: -34.58, longitud: -58.42 };

/** A small seeded PRNG (mulberry32): the same instances on every run. */
function mulberry32(semilla: number): () => number {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A point uniformly spread over a disc 15 km across centred on Palermo. */
function puntoCercaDePalermo(azar: () => number): PuntoGeo {
  const radio = 7500 * Math.sqrt(azar());
  const angulo = 2 * Math.PI * azar();
  const metrosPorGrado = 111_320;
  return {
    latitud: PALERMO.latitud + (radio * Math.sin(angulo)) / metrosPorGrado,
    longitud:
      PALERMO.longitud +
      (radio * Math.cos(angulo)) / (metrosPorGrado * Math.cos((PALERMO.latitud * Math.PI) / 180)),
  };
}

const matrizDe = (puntos: PuntoGeo[]): CostoEntre => {
  const n = puntos.length;
  const costos = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      costos[i * n + j] = haversineMetros(puntos[i] as PuntoGeo, puntos[j] as PuntoGeo);
    }
  }
  return (i, j) => costos[i * n + j] as number;
};

/** The shortest path from node 0 through nodes 1..k (then to node k+1 with `conFin`), by trying every order. */
function optimo(k: number, costo: CostoEntre, conFin: boolean): number {
  const orden = Array.from({ length: k }, (_, i) => i + 1);
  const evaluar = () => {
    let total = costo(0, orden[0] as number);
    for (let i = 1; i < k; i++) total += costo(orden[i - 1] as number, orden[i] as number);
    return conFin ? total + costo(orden[k - 1] as number, k + 1) : total;
  };
  // Heap's algorithm: every permutation, one swap apart.
  let mejor = evaluar();
  const c = new Array<number>(k).fill(0);
  for (let i = 1; i < k; ) {
    const ci = c[i] as number;
    if (ci < i) {
      const j = i % 2 === 0 ? 0 : ci;
      [orden[j], orden[i]] = [orden[i] as number, orden[j] as number];
      mejor = Math.min(mejor, evaluar());
      c[i] = ci + 1;
      i = 1;
    } else {
      c[i] = 0;
      i++;
    }
  }
  return mejor;
}

/** Each of 0..n-1 once, starting at 0 (ending at n-1 with `conFin`). */
function esRecorridoValido(recorrido: number[], n: number, conFin: boolean) {
  expect([...recorrido].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
  expect(recorrido[0]).toBe(0);
  if (conFin) expect(recorrido[n - 1]).toBe(n - 1);
}

describe('ordenarRecorrido', () => {
  const INSTANCIAS = 200;
  const PARADAS = 8;

  it.each([
    { caso: 'a closed tour back to the store', conFin: true, semilla: 20240611 },
    { caso: 'an open path ending at the last stop', conFin: false, semilla: 20240612 },
  ])(
    'plans $caso within 10 % of the optimum on 200 instances of 8 stops',
    ({ caso, conFin, semilla }) => {
      const azar = mulberry32(semilla);
      let peor = 1;
      let suma = 0;
      let optimos = 0;
      for (let instancia = 0; instancia < INSTANCIAS; instancia++) {
        const paradas = Array.from({ length: PARADAS }, () => puntoCercaDePalermo(azar));
        const puntos = conFin ? [PALERMO, ...paradas, PALERMO] : [PALERMO, ...paradas];
        const costo = matrizDe(puntos);
        const recorrido = ordenarRecorrido(puntos.length, costo, { conFin });
        esRecorridoValido(recorrido, puntos.length, conFin);

        const razon = costoDelRecorrido(recorrido, costo) / optimo(PARADAS, costo, conFin);
        expect(razon).toBeGreaterThan(1 - 1e-9);
        peor = Math.max(peor, razon);
        suma += razon;
        if (razon < 1 + 1e-9) optimos++;
      }
      console.info(
        `${caso}: worst ratio to the optimum ${peor.toFixed(4)}, mean ${(suma / INSTANCIAS).toFixed(4)}, optimal in ${optimos} of ${INSTANCIAS}`,
      );
      expect(peor).toBeLessThanOrEqual(1.1);
    },
  );

  it('leaves no improving 2-opt move on an asymmetric matrix (the reversed segment counted)', () => {
    const azar = mulberry32(7);
    for (let instancia = 0; instancia < 50; instancia++) {
      const n = 12;
      const costos = Float64Array.from({ length: n * n }, () => 100 + 900 * azar());
      const costo: CostoEntre = (i, j) => costos[i * n + j] as number;
      for (const conFin of [true, false]) {
        const recorrido = ordenarRecorrido(n, costos, { conFin });
        esRecorridoValido(recorrido, n, conFin);
        const propio = costoDelRecorrido(recorrido, costo);
        const ultimo = conFin ? n - 2 : n - 1;
        for (let i = 1; i < ultimo; i++) {
          for (let j = i + 1; j <= ultimo; j++) {
            const otro = [
              ...recorrido.slice(0, i),
              ...recorrido.slice(i, j + 1).reverse(),
              ...recorrido.slice(j + 1),
            ];
            expect(costoDelRecorrido(otro, costo)).toBeGreaterThanOrEqual(propio - 1e-6);
          }
        }
      }
    }
  });

  it('takes the matrix as a function or as a flat array alike', () => {
    const azar = mulberry32(3);
    const puntos = [PALERMO, ...Array.from({ length: 30 }, () => puntoCercaDePalermo(azar))];
    const costo = matrizDe(puntos);
    const n = puntos.length;
    const plana = Float64Array.from({ length: n * n }, (_, k) => costo(Math.floor(k / n), k % n));
    expect(ordenarRecorrido(n, costo, { conFin: false })).toEqual(
      ordenarRecorrido(n, plana, { conFin: false }),
    );
  });

  describe('edge cases', () => {
    const costo = matrizDe([PALERMO, { latitud: -34.6, longitud: -58.4 }, PALERMO]);

    it('no stops: only the origin (and the end)', () => {
      expect(ordenarRecorrido(1, costo, { conFin: false })).toEqual([0]);
      expect(ordenarRecorrido(2, costo, { conFin: true })).toEqual([0, 1]);
    });

    it('one stop', () => {
      expect(ordenarRecorrido(2, costo, { conFin: false })).toEqual([0, 1]);
      expect(ordenarRecorrido(3, costo, { conFin: true })).toEqual([0, 1, 2]);
    });

    it('duplicate points: each stop is visited once, and the twins one after the other', () => {
      const a = { latitud: -34.57, longitud: -58.43 };
      const b = { latitud: -34.6, longitud: -58.38 };
      const puntos = [PALERMO, a, b, a, b, a, PALERMO];
      for (const conFin of [true, false]) {
        const n = conFin ? puntos.length : puntos.length - 1;
        const costo = matrizDe(puntos.slice(0, n));
        const recorrido = ordenarRecorrido(n, costo, { conFin });
        esRecorridoValido(recorrido, n, conFin);
        expect(costoDelRecorrido(recorrido, costo)).toBeCloseTo(optimo(5, costo, conFin), 6);
      }
    });

    it('every stop at the origin: a route of length zero', () => {
      const puntos = Array.from({ length: 7 }, () => PALERMO);
      const costo = matrizDe(puntos);
      for (const conFin of [true, false]) {
        const recorrido = ordenarRecorrido(puntos.length, costo, { conFin });
        esRecorridoValido(recorrido, puntos.length, conFin);
        expect(costoDelRecorrido(recorrido, costo)).toBe(0);
      }
    });
  });
});

describe('haversineMetros', () => {
  it('measures a known distance: the Obelisco to Plaza de Mayo, about 1.05 km', () => {
    const obelisco = { latitud: -34.6037, longitud: -58.3816 };
    const plazaDeMayo = { latitud: -34.6083, longitud: -58.3712 };
    expect(haversineMetros(obelisco, plazaDeMayo)).toBeGreaterThan(1000);
    expect(haversineMetros(obelisco, plazaDeMayo)).toBeLessThan(1100);
    expect(haversineMetros(obelisco, obelisco)).toBe(0);
  });

  it('one degree of latitude is about 111.2 km', () => {
    expect(
      haversineMetros({ latitud: -34, longitud: -58 }, { latitud: -35, longitud: -58 }),
    ).toBeCloseTo(111_195, -1);
  });
});
