import type { PlanoGeo } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { areaDelPlano, calcularRegiones, coloresDeLugares, dentroDe } from './plano';

/** Pixels = degrees x 1000, y growing southwards (a flat stand-in for the map). */
const proyectar = (lat: number, lng: number) => ({ x: lng * 1000, y: -lat * 1000 });

// Three barrios in a 'city' (the square 0..0.1 x 0..0.1) and a locality outside it.
const plano: PlanoGeo = {
  lugares: [
    { nombre: 'Norte', provincia: 'Ciudad', barrio: true, puntos: [[-0.025, 0.05]] },
    { nombre: 'Oeste', provincia: 'Ciudad', barrio: true, puntos: [[-0.075, 0.025]] },
    {
      nombre: 'Este',
      provincia: 'Ciudad',
      barrio: true,
      puntos: [
        [-0.075, 0.075],
        [-0.09, 0.09],
      ],
    },
    { nombre: 'Afuera', provincia: 'Provincia', barrio: false, puntos: [[-0.05, 0.2]] },
  ],
  limiteCaba: [
    [0, 0],
    [0, 0.1],
    [-0.1, 0.1],
    [-0.1, 0],
  ],
};

describe('areaDelPlano', () => {
  it('widens the view to a 0.05 degree grid, so small moves ask for the same area', () => {
    const a = areaDelPlano({ sur: -34.6, oeste: -58.44, norte: -34.57, este: -58.41 });
    const b = areaDelPlano({ sur: -34.59, oeste: -58.43, norte: -34.58, este: -58.42 });
    expect(a).toEqual({ sur: -34.6, oeste: -58.45, norte: -34.55, este: -58.4 });
    expect(b).toEqual(a);
  });

  it('gives nothing for a view over 2 degrees a side (zoomed far out)', () => {
    expect(areaDelPlano({ sur: -40, oeste: -65, norte: -30, este: -55 })).toBeNull();
  });
});

describe('calcularRegiones', () => {
  const regiones = calcularRegiones(plano, proyectar, 300, 100, 2);
  const lugarEn = (x: number, y: number) =>
    regiones.celdas[Math.floor(y / 2) * regiones.columnas + Math.floor(x / 2)];

  it('gives each point inside the city its nearest barrio, and outside its nearest locality', () => {
    expect(lugarEn(50, 10)).toBe(0); // Norte
    expect(lugarEn(10, 90)).toBe(1); // Oeste
    expect(lugarEn(95, 95)).toBe(2); // Este, by its second point
    expect(lugarEn(150, 50)).toBe(3); // outside the city: the locality
    expect(lugarEn(105, 10)).toBe(3); // just outside: never a barrio
  });

  it('names the regions in view, with their visible middle', () => {
    const nombres = regiones.regiones.map((r) => r.nombre).sort();
    expect(nombres).toEqual(['Afuera', 'Este', 'Norte', 'Oeste']);
    const norte = regiones.regiones.find((r) => r.nombre === 'Norte');
    expect(norte?.centro.x).toBeCloseTo(50, 0);
    expect(norte?.superficie).toBeGreaterThan(1000);
  });

  it('draws the limit between two barrios on the bisector of their points', () => {
    // Oeste (25, 75) and Este (75, 75) meet on x = 50, below Norte.
    const vertical = regiones.limites.find(
      (l) => Math.abs(l.desde.x - 50) < 0.5 && Math.abs(l.hasta.x - 50) < 0.5,
    );
    expect(vertical).toBeDefined();
    expect(Math.max(vertical?.desde.y ?? 0, vertical?.hasta.y ?? 0)).toBeGreaterThan(95);
    // No limit is drawn between a barrio and the locality: the city's outline is.
    expect(regiones.limiteCaba).toHaveLength(4);
    for (const { desde, hasta } of regiones.limites) {
      expect(Math.min(desde.x, hasta.x)).toBeLessThan(102);
    }
  });

  it('places names only above the given height', () => {
    const arriba = calcularRegiones(plano, proyectar, 300, 100, 2, 40);
    expect(arriba.regiones.every((r) => r.centro.y < 40)).toBe(true);
    const oeste = (r: typeof regiones) => r.regiones.find((x) => x.nombre === 'Oeste');
    expect(oeste(arriba)?.superficie).toBeLessThan(oeste(regiones)?.superficie ?? 0);
  });
});

describe('coloresDeLugares', () => {
  it('gives neighbouring barrios different tints', () => {
    const colores = coloresDeLugares(plano, 6);
    expect(new Set([colores[0], colores[1], colores[2]]).size).toBe(3);
  });
});

describe('dentroDe', () => {
  it('tells inside from outside a ring', () => {
    const anillo = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
      { x: 0, y: 10 },
    ];
    expect(dentroDe(anillo, 5, 5)).toBe(true);
    expect(dentroDe(anillo, 15, 5)).toBe(false);
  });
});
