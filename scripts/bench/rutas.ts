/**
 * The embedded route planner (apps/api/src/adapters/rutas) on a delivery round of 200 stops
 * spread over a disc 15 km across around Palermo, back to the store: RONDAS plans, each on
 * its own seeded instance (the same on every run), after a few unmeasured ones that warm the
 * JIT up; median and p95 of the time of `planificar` (the distance matrix, both starts, the
 * local search and the legs).
 */
import { pathToFileURL } from 'node:url';
import { createPlanificadorEmbebido } from '../../apps/api/src/adapters/rutas/planificador-embebido';
import type { ParadaDeRuta } from '../../apps/api/src/adapters/rutas/rutas.port';
import type { Row } from './tabla';

const PARADAS = 200;
const RONDAS = Number(process.env.BENCH_RUTAS_RONDAS ?? 30);
const PREVIAS = 5;
const TIENDA = { latitud: -34.58, longitud: -58.42 };

/** mulberry32: a small seeded PRNG. */
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

function paradasAlAzar(azar: () => number): ParadaDeRuta[] {
  const metrosPorGrado = 111_195;
  return Array.from({ length: PARADAS }, (_, i) => {
    const radio = 7500 * Math.sqrt(azar());
    const angulo = 2 * Math.PI * azar();
    return {
      id: `parada-${i}`,
      latitud: TIENDA.latitud + (radio * Math.sin(angulo)) / metrosPorGrado,
      longitud:
        TIENDA.longitud +
        (radio * Math.cos(angulo)) / (metrosPorGrado * Math.cos((TIENDA.latitud * Math.PI) / 180)),
    };
  });
}

const percentil = (ordenados: number[], p: number) =>
  ordenados[Math.min(ordenados.length - 1, Math.ceil((p / 100) * ordenados.length) - 1)] ??
  Number.NaN;

export async function medirRutas(): Promise<Row[]> {
  const planificador = createPlanificadorEmbebido();
  const azar = mulberry32(200);
  const tiempos: number[] = [];
  for (let i = 0; i < PREVIAS + RONDAS; i++) {
    const paradas = paradasAlAzar(azar);
    const inicio = performance.now();
    const ruta = await planificador.planificar({ origen: TIENDA, paradas, destino: TIENDA });
    const ms = performance.now() - inicio;
    if (ruta.orden.length !== PARADAS) throw new Error('La ruta no visitó todas las paradas');
    if (i >= PREVIAS) tiempos.push(ms);
  }
  tiempos.sort((a, b) => a - b);
  const mediana = percentil(tiempos, 50);
  const p95 = percentil(tiempos, 95);
  return [
    {
      figure: `Ruta de reparto de ${PARADAS} paradas, planificador embebido (${RONDAS} rutas): mediana`,
      value: `${mediana.toFixed(1)} ms`,
      budget: '—',
      ok: null,
    },
    {
      figure: `Ruta de reparto de ${PARADAS} paradas, planificador embebido (${RONDAS} rutas): p95`,
      value: `${p95.toFixed(1)} ms`,
      budget: '<= 200 ms',
      ok: p95 <= 200,
    },
  ];
}

/** `npx tsx scripts/bench/rutas.ts`: only these figures. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await medirRutas()) {
    console.log(`${row.figure}: ${row.value} (presupuesto ${row.budget})`);
  }
}
