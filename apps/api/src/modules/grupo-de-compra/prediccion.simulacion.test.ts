import { textoDePrediccion } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_PROGRESO } from '../../demo/demo-grupos';
import { DEMO_TIENDAS } from '../../demo/demo-tiendas.data';
import {
  type EntradaPrediccion,
  type GrupoAnterior,
  horasHastaCompletar,
  horasHastaCompletarIngenuo,
  PARAMETROS_PREDICCION,
  type ParametrosPrediccion,
  predecirCompletado,
  predecirIngenuo,
} from './prediccion';

/**
 * The measurement of decision 052: 1,000 simulated groups, each with its product's earlier
 * groups, forecast at several points of their life against when they really filled.
 *
 * Each product takes places as a Poisson process, in hourly steps: a base rate of joins
 * (log-normal, median 0.15 an hour) times a drift (log scale, mean-reverting over two weeks,
 * stationary deviation 0.5) times the day in Buenos Aires (1 ± 0.8, highest at 20 h). A join
 * takes 1 place (55 %), 2 (25 %), 3 (10 %), 4 or 6 (5 % each); a join larger than the room left
 * spills into the next group, as the ledger does. Groups need 5 to 50 places; 35 % of products
 * have a deadline of 3, 7, 14 or 30 days, and an earlier group still open then is cancelled
 * with the places it had. 20 % of products have no earlier group, the rest 1 to 5. The group
 * forecast is the product's last; its true fill time ignores the deadline, so that a group
 * that misses it still has one. It is forecast at opening (when it has history) and at 25 %,
 * 50 % and 75 % of its fill time, at each point only if still open and before its deadline.
 */

const HORA = 3_600_000;
const GRUPOS = 1000;
const SEMILLA = 52;

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

interface Punto {
  entrada: EntradaPrediccion;
  /** Hours from the forecast to the true fill. */
  restantes: number;
  /** Whether it filled before its deadline (null: no deadline). */
  llega: boolean | null;
}

const CANTIDADES = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 4, 6];
const PLAZOS_DIAS = [3, 7, 14, 30];
const DERIVA_TAU_HORAS = 14 * 24;
const DERIVA_SIGMA = 0.5 * Math.sqrt(2 / DERIVA_TAU_HORAS);
const MAX_HORAS = 24 * 730;

function simular(semilla: number, grupos: number): { puntos: Punto[]; sinLlenar: number } {
  const azar = mulberry32(semilla);
  const elegir = <T>(xs: readonly T[]): T => xs[Math.floor(azar() * xs.length)] as T;
  const normal = () => Math.sqrt(-2 * Math.log(1 - azar())) * Math.cos(2 * Math.PI * azar());
  const poisson = (media: number) => {
    const limite = Math.exp(-media);
    let k = 0;
    for (let p = azar(); p > limite; p *= azar()) k++;
    return k;
  };
  const puntos: Punto[] = [];
  let evaluados = 0;
  let sinLlenar = 0;
  while (evaluados < grupos) {
    const base = Math.min(20, Math.max(0.02, 0.15 * Math.exp(normal())));
    const necesarios = 5 + Math.floor(azar() * 46);
    const plazo = azar() < 0.35 ? elegir(PLAZOS_DIAS) * 24 : null;
    const cuantosAnteriores = azar() < 0.2 ? 0 : 1 + Math.floor(azar() * 5);
    const t0 = Date.UTC(2025, 0, 6, 3) + Math.floor(azar() * 7 * 24) * HORA;
    const fecha = (horas: number) => new Date(t0 + horas * HORA);

    const anteriores: GrupoAnterior[] = [];
    let apertura = 0;
    let ocupados = 0;
    let tomas: { creadoEn: Date; cantidad: number }[] = [];
    let lleno: number | null = null;
    const cerrar = (cierre: number) => {
      anteriores.unshift({
        lugaresNecesarios: necesarios,
        lugaresOcupados: ocupados,
        fechaCreacion: fecha(apertura),
        cerradoEn: fecha(cierre),
      });
      apertura = cierre;
      ocupados = 0;
      tomas = [];
    };
    let deriva = 0.5 * normal();
    for (let hora = 0; lleno === null && hora < MAX_HORAS; hora++) {
      const horaLocal = (fecha(hora).getUTCHours() + 21) % 24;
      const dia = 1 + 0.8 * Math.cos((2 * Math.PI * (horaLocal - 20)) / 24);
      const tiempos = Array.from({ length: poisson(base * Math.exp(deriva) * dia) }, () => {
        return hora + azar();
      }).sort((a, b) => a - b);
      for (const t of tiempos) {
        while (anteriores.length < cuantosAnteriores && plazo !== null && t > apertura + plazo) {
          cerrar(apertura + plazo);
        }
        let cantidad = elegir(CANTIDADES);
        while (cantidad > 0 && lleno === null) {
          const tomada = Math.min(cantidad, necesarios - ocupados);
          ocupados += tomada;
          cantidad -= tomada;
          tomas.push({ creadoEn: fecha(t), cantidad: tomada });
          if (ocupados < necesarios) continue;
          if (anteriores.length < cuantosAnteriores) cerrar(t);
          else lleno = t;
        }
        if (lleno !== null) break;
      }
      deriva += -deriva / DERIVA_TAU_HORAS + DERIVA_SIGMA * normal();
    }
    if (lleno === null) {
      sinLlenar++;
      continue;
    }
    evaluados++;
    const duracion = lleno - apertura;
    const fechaLimite = plazo === null ? null : fecha(apertura + plazo);
    for (const f of anteriores.length > 0 ? [0, 0.25, 0.5, 0.75] : [0.25, 0.5, 0.75]) {
      const ahora = fecha(apertura + f * duracion);
      if (plazo !== null && f * duracion >= plazo) continue;
      const vistas = tomas.filter((toma) => toma.creadoEn.getTime() <= ahora.getTime());
      const lugaresOcupados = vistas.reduce((suma, toma) => suma + toma.cantidad, 0);
      if (duracion <= 0 || lugaresOcupados >= necesarios) continue;
      puntos.push({
        entrada: {
          grupo: {
            lugaresNecesarios: necesarios,
            lugaresOcupados,
            fechaCreacion: fecha(apertura),
            fechaLimite,
            tomas: vistas,
          },
          anteriores: [...anteriores],
          ahora,
        },
        restantes: (1 - f) * duracion,
        llega: plazo === null ? null : duracion <= plazo,
      });
    }
  }
  return { puntos, sinLlenar };
}

function mediana(xs: number[]): number {
  const orden = [...xs].sort((a, b) => a - b);
  const m = orden.length >> 1;
  return orden.length % 2
    ? (orden[m] as number)
    : ((orden[m - 1] as number) + (orden[m] as number)) / 2;
}

const pct = (parte: number, total: number) => `${Math.round((100 * parte) / Math.max(total, 1))} %`;

describe('forecast of when a group completes, over 1,000 simulated groups', () => {
  it('errs less than the rate so far, and says no_llega mostly when it is so', () => {
    const { puntos, sinLlenar } = simular(SEMILLA, GRUPOS);
    const modelo = puntos.map((p) => horasHastaCompletar(p.entrada));
    const ingenuo = puntos.map((p) => horasHastaCompletarIngenuo(p.entrada));
    const errores = (estimas: (number | null)[], donde: (i: number) => boolean) =>
      puntos.flatMap((p, i) => {
        const estima = estimas[i];
        return estima == null || !donde(i)
          ? []
          : [{ abs: Math.abs(estima - p.restantes), p, estima }];
      });
    const ambos = (i: number) => modelo[i] != null && ingenuo[i] != null;
    const delModelo = errores(modelo, ambos);
    const delIngenuo = errores(ingenuo, ambos);
    const entodos = errores(modelo, () => true);
    const medModelo = mediana(delModelo.map((e) => e.abs));
    const medIngenuo = mediana(delIngenuo.map((e) => e.abs));
    const relativo = (es: typeof delModelo) => mediana(es.map((e) => e.abs / e.p.restantes));
    const antes = entodos.filter((e) => e.p.restantes <= e.estima).length;

    const noLlega = (predecir: (entrada: EntradaPrediccion) => { motivo: string }) => {
      const conLimite = puntos.filter((p) => p.llega !== null);
      const dichos = conLimite.filter((p) => predecir(p.entrada).motivo === 'no_llega');
      const ciertos = dichos.filter((p) => p.llega === false).length;
      const perdidos = conLimite.filter((p) => p.llega === false).length;
      return {
        dichos: dichos.length,
        ciertos,
        perdidos,
        precision: ciertos / Math.max(dichos.length, 1),
      };
    };
    const nlModelo = noLlega((e) => predecirCompletado(e));
    const nlIngenuo = noLlega(predecirIngenuo);

    // Each part of the model earns its place: without it, the error grows.
    const sin = (cambio: Partial<ParametrosPrediccion>) => {
      const parametros = { ...PARAMETROS_PREDICCION, ...cambio };
      const estimas = puntos.map((p) => horasHastaCompletar(p.entrada, parametros));
      return mediana(errores(estimas, ambos).map((e) => e.abs));
    };
    const ablaciones = {
      'no history': sin({ pesoHistoria: 0 }),
      'no decay': sin({ semividaHoras: Number.POSITIVE_INFINITY }),
      'no extra places': sin({ lugaresExtra: 0 }),
    };

    console.log(
      [
        `prediccion (seed ${SEMILLA}): ${GRUPOS} groups (${sinLlenar} more never filled), ${puntos.length} forecasts`,
        `median abs error ${medModelo.toFixed(1)} h model vs ${medIngenuo.toFixed(1)} h naive (${delModelo.length} forecasts both make)`,
        `model over all ${entodos.length} (with openings) ${mediana(entodos.map((e) => e.abs)).toFixed(1)} h`,
        `model with ${Object.entries(ablaciones)
          .map(([nombre, error]) => `${nombre} ${error.toFixed(1)} h`)
          .join(', ')}`,
        `median relative error ${pct(relativo(delModelo), 1)} vs ${pct(relativo(delIngenuo), 1)}`,
        `filled by the model's date ${pct(antes, entodos.length)}`,
        `no_llega right ${nlModelo.ciertos}/${nlModelo.dichos} model vs ${nlIngenuo.ciertos}/${nlIngenuo.dichos} naive, of ${nlModelo.perdidos} forecasts of groups that missed their deadline`,
      ].join('; '),
    );

    expect(puntos.length).toBeGreaterThan(3 * GRUPOS);
    expect(medModelo).toBeLessThan(medIngenuo);
    for (const error of Object.values(ablaciones)) expect(medModelo).toBeLessThan(error);
    expect(relativo(delModelo)).toBeLessThan(relativo(delIngenuo));
    // The date shown is a median: about half of the groups fill before it.
    expect(antes / entodos.length).toBeGreaterThan(0.4);
    expect(antes / entodos.length).toBeLessThan(0.6);
    expect(nlModelo.precision).toBeGreaterThan(0.7);
    expect(nlModelo.ciertos).toBeGreaterThan(nlIngenuo.ciertos);
  });

  it("runs over the demo's groups", () => {
    // The demo seed (demo-grupos.ts) opens each group with progress some days back and takes
    // its places one join every 10 hours, the last one 10 hours before the seed; Yerba mate
    // fills its first group of 10 on the third join and opens the next. Replayed here with that
    // timing, and read at the seed and as days pass with no join: a day or so at first, longer
    // and longer after.
    const paso = 10;
    const sembrado = new Date('2025-03-10T12:00:00.000Z');
    const en = (horas: number) => new Date(sembrado.getTime() + horas * HORA);
    const tamanios = new Map(
      DEMO_TIENDAS.flatMap((tienda) => tienda.productos.map((p) => [p.nombre, p.grupo] as const)),
    );
    const textos: Record<string, (string | null)[]> = {};
    const restantes: Record<string, number[]> = {};
    for (const [nombre, progreso] of Object.entries(DEMO_PROGRESO)) {
      const necesarios = tamanios.get(nombre);
      expect(necesarios, nombre).toBeDefined();
      if (necesarios === undefined) continue;
      const anteriores: GrupoAnterior[] = [];
      const inicio = -(progreso.length + 1) * paso;
      let apertura = inicio;
      let tomas: { creadoEn: Date; cantidad: number }[] = [];
      let ocupados = 0;
      for (const [i, { cantidad }] of progreso.entries()) {
        const hora = inicio + (i + 1) * paso;
        let resto = cantidad;
        while (resto > 0) {
          const tomada = Math.min(resto, necesarios - ocupados);
          tomas.push({ creadoEn: en(hora), cantidad: tomada });
          ocupados += tomada;
          resto -= tomada;
          if (ocupados === necesarios) {
            anteriores.unshift({
              lugaresNecesarios: necesarios,
              fechaCreacion: en(apertura),
              cerradoEn: en(hora),
            });
            apertura = hora;
            tomas = [];
            ocupados = 0;
          }
        }
      }
      restantes[nombre] = [];
      textos[nombre] = [0, 24, 24 * 7].map((horas) => {
        const ahora = en(horas);
        const grupo = {
          lugaresNecesarios: necesarios,
          lugaresOcupados: ocupados,
          fechaCreacion: en(apertura),
          fechaLimite: null,
          tomas,
        };
        const prediccion = predecirCompletado({ grupo, anteriores, ahora });
        restantes[nombre]?.push((prediccion.fecha?.getTime() ?? Number.NaN) - ahora.getTime());
        return textoDePrediccion(
          { fecha: prediccion.fecha?.toISOString() ?? null, motivo: prediccion.motivo },
          ahora,
        );
      });
    }
    expect(textos['Yerba mate 1 kg']).toEqual([
      'Se completaría en alrededor de un día',
      'Se completaría en unos 2 días',
      'Se completaría en unas 2 semanas',
    ]);
    expect(Object.keys(textos)).toHaveLength(Object.keys(DEMO_PROGRESO).length);
    for (const [nombre, lista] of Object.entries(textos)) {
      expect(lista[0], nombre).toBe('Se completaría en alrededor de un día');
      const horas = restantes[nombre] ?? [];
      expect(
        horas.every((h, i) => i === 0 || h > (horas[i - 1] as number)),
        nombre,
      ).toBe(true);
    }
  });
});
