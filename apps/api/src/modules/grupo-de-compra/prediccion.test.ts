import { describe, expect, it } from 'vitest';
import {
  type GrupoAnterior,
  type GrupoParaPrediccion,
  MAX_ANTERIORES,
  PARAMETROS_PREDICCION,
  predecirCompletado,
  predecirIngenuo,
} from './prediccion';

const HORA = 3_600_000;
const apertura = new Date('2025-03-10T12:00:00.000Z');
const a = (horas: number) => new Date(apertura.getTime() + horas * HORA);
const horasHasta = (fecha: Date | null, desde: Date) =>
  fecha === null ? null : (fecha.getTime() - desde.getTime()) / HORA;

function grupo(
  necesarios: number,
  tomas: [horas: number, cantidad: number][],
  fechaLimite: Date | null = null,
): GrupoParaPrediccion {
  return {
    lugaresNecesarios: necesarios,
    lugaresOcupados: tomas.reduce((suma, [, cantidad]) => suma + cantidad, 0),
    fechaCreacion: apertura,
    fechaLimite,
    tomas: tomas.map(([horas, cantidad]) => ({ creadoEn: a(horas), cantidad })),
  };
}

/** Earlier groups of `necesarios` that each filled in `horas`, one after another up to the opening. */
function historia(veces: number, necesarios: number, horas: number): GrupoAnterior[] {
  return Array.from({ length: veces }, (_, i) => ({
    lugaresNecesarios: necesarios,
    fechaCreacion: a(-(i + 1) * horas),
    cerradoEn: a(-i * horas),
  }));
}

describe('predecirCompletado', () => {
  it('has nothing to say with no join and no earlier group', () => {
    expect(predecirCompletado({ grupo: grupo(10, []), anteriores: [], ahora: a(5) })).toEqual({
      fecha: null,
      motivo: 'sin_datos',
    });
  });

  it("forecasts a new group from its earlier groups' pace", () => {
    // Three groups of 10 filled in 10 hours each: about a place an hour.
    const { fecha, motivo } = predecirCompletado({
      grupo: grupo(10, []),
      anteriores: historia(3, 10, 10),
      ahora: apertura,
    });
    expect(motivo).toBe('ritmo');
    expect(horasHasta(fecha, apertura)).toBeGreaterThan(6);
    expect(horasHasta(fecha, apertura)).toBeLessThan(11);
  });

  it("lets the group's own joins take over from its history", () => {
    // History says a place an hour; this group took 12 places in its first 2 hours.
    const ahora = a(2);
    const rapido = predecirCompletado({
      grupo: grupo(20, [
        [0.5, 4],
        [1, 4],
        [1.5, 4],
      ]),
      anteriores: historia(1, 20, 20),
      ahora,
    });
    const horas = horasHasta(rapido.fecha, ahora) ?? Number.NaN;
    expect(horas).toBeLessThan(8); // history alone: 8 places missing, about 8 hours
    expect(horas).toBeGreaterThan(8 / 6); // the last 2 hours alone: 6 places an hour
  });

  it('weighs recent joins more than old ones', () => {
    const ahora = a(96);
    const recientes = grupo(30, [
      [90, 5],
      [95, 5],
    ]);
    const viejas = grupo(30, [
      [1, 5],
      [6, 5],
    ]);
    const pronto = predecirCompletado({ grupo: recientes, anteriores: [], ahora });
    const tarde = predecirCompletado({ grupo: viejas, anteriores: [], ahora });
    expect(pronto.fecha?.getTime()).toBeLessThan(tarde.fecha?.getTime() ?? 0);
    // The naive estimator sees the same 10 places in 96 hours either way.
    expect(predecirIngenuo({ grupo: recientes, anteriores: [], ahora })).toEqual(
      predecirIngenuo({ grupo: viejas, anteriores: [], ahora }),
    );
  });

  it('keeps lengthening the estimate of a group nobody joins any more', () => {
    const quieto = grupo(10, [
      [1, 2],
      [2, 1],
    ]);
    const horasLuego = (dias: number) => {
      const ahora = a(dias * 24);
      return horasHasta(predecirCompletado({ grupo: quieto, anteriores: [], ahora }).fecha, ahora);
    };
    const [semana, mes, trimestre] = [horasLuego(7), horasLuego(30), horasLuego(90)];
    expect(mes).toBeGreaterThan(4 * (semana ?? 0));
    expect(trimestre).toBeGreaterThan(24 * 365);
  });

  it('says no_llega when the estimate passes the deadline, and gives the date when it does not', () => {
    const tomas: [number, number][] = [
      [1, 1],
      [4, 1],
    ];
    const ahora = a(5);
    expect(predecirCompletado({ grupo: grupo(50, tomas, a(24)), anteriores: [], ahora })).toEqual({
      fecha: null,
      motivo: 'no_llega',
    });
    const sinApuro = predecirCompletado({
      grupo: grupo(50, tomas, a(24 * 60)),
      anteriores: [],
      ahora,
    });
    expect(sinApuro.motivo).toBe('ritmo');
    expect(sinApuro.fecha?.getTime()).toBeLessThanOrEqual(a(24 * 60).getTime());
  });

  it('says no_llega for a group nobody joined in days, close to its deadline', () => {
    const sinNadie = grupo(20, [], a(24 * 7));
    expect(predecirCompletado({ grupo: sinNadie, anteriores: [], ahora: a(24 * 6) }).motivo).toBe(
      'no_llega',
    );
    expect(predecirCompletado({ grupo: sinNadie, anteriores: [], ahora: a(1) }).motivo).toBe(
      'sin_datos',
    );
  });

  it('reads an earlier group that did not fill by the places it had while open', () => {
    const cancelado: GrupoAnterior = {
      lugaresNecesarios: 10,
      lugaresOcupados: 2,
      fechaCreacion: a(-24 * 7),
      cerradoEn: apertura,
    };
    const lleno: GrupoAnterior = { ...cancelado, lugaresOcupados: undefined };
    const lento = predecirCompletado({
      grupo: grupo(10, []),
      anteriores: [cancelado],
      ahora: apertura,
    });
    const rapido = predecirCompletado({
      grupo: grupo(10, []),
      anteriores: [lleno],
      ahora: apertura,
    });
    expect(lento.fecha?.getTime()).toBeGreaterThan(
      rapido.fecha?.getTime() ?? Number.POSITIVE_INFINITY,
    );
  });

  it(`reads only the newest ${MAX_ANTERIORES} earlier groups`, () => {
    const diez = historia(MAX_ANTERIORES, 10, 10);
    const antiguos = [
      ...diez,
      { lugaresNecesarios: 10, fechaCreacion: a(-1000), cerradoEn: a(-999) },
    ];
    const entrada = { grupo: grupo(10, []), ahora: apertura };
    expect(predecirCompletado({ ...entrada, anteriores: antiguos })).toEqual(
      predecirCompletado({ ...entrada, anteriores: diez }),
    );
  });

  it('ignores a take dated after now, and answers now for a group with no room left', () => {
    const ahora = a(10);
    const conFutura = grupo(10, [
      [2, 2],
      [20, 3],
    ]);
    const sinFutura = grupo(10, [[2, 2]]);
    expect(
      predecirCompletado({ grupo: { ...conFutura, lugaresOcupados: 2 }, anteriores: [], ahora }),
    ).toEqual(predecirCompletado({ grupo: sinFutura, anteriores: [], ahora }));
    expect(predecirCompletado({ grupo: grupo(3, [[2, 3]]), anteriores: [], ahora })).toEqual({
      fecha: ahora,
      motivo: 'ritmo',
    });
  });

  it('gives a valid date when everything happened in one instant', () => {
    const entrada = {
      grupo: grupo(10, [[0, 3]]),
      anteriores: [{ lugaresNecesarios: 10, fechaCreacion: apertura, cerradoEn: apertura }],
    };
    for (const horas of [0, 1, 24 * 365]) {
      const { fecha, motivo } = predecirCompletado({ ...entrada, ahora: a(horas) });
      expect(motivo).toBe('ritmo');
      expect(Number.isFinite(fecha?.getTime())).toBe(true);
    }
  });

  it('takes its parameters from the simulation', () => {
    expect(PARAMETROS_PREDICCION).toEqual({ semividaHoras: 72, pesoHistoria: 1, lugaresExtra: 2 });
  });
});

describe('predecirIngenuo', () => {
  it('divides the places missing by the rate so far', () => {
    const ahora = a(10);
    const { fecha, motivo } = predecirIngenuo({
      grupo: grupo(10, [
        [1, 2],
        [9, 3],
      ]),
      anteriores: historia(3, 10, 1),
      ahora,
    });
    expect(motivo).toBe('ritmo');
    expect(horasHasta(fecha, ahora)).toBeCloseTo(10);
  });

  it('has nothing to say before the first join, and says no_llega past the deadline', () => {
    expect(
      predecirIngenuo({ grupo: grupo(10, []), anteriores: historia(3, 10, 1), ahora: a(1) }),
    ).toEqual({ fecha: null, motivo: 'sin_datos' });
    expect(
      predecirIngenuo({ grupo: grupo(10, [[1, 1]], a(24)), anteriores: [], ahora: a(10) }),
    ).toEqual({ fecha: null, motivo: 'no_llega' });
  });
});
