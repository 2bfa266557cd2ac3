/**
 * Issue 21's figures side by side in one run: paid approvals per second and ledger takes per
 * second of this tree ("después") and of the last commit whose approval and place taking were
 * PL/pgSQL ("antes", BENCH_ANTES, default below), on the same PostgreSQL, alternated round by
 * round so that whatever the machine does falls on both alike. The old tree is a temporary git
 * worktree that shares this tree's installed packages (its own workspace packages are its own).
 * Each figure is the median of BENCH_RONDAS rounds (default 3).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The last commit before the lifecycle moved to TypeScript (aplicar_pago in migration 0016). */
const ANTES = process.env.BENCH_ANTES ?? 'f7eabe9';
const RONDAS = Number(process.env.BENCH_RONDAS ?? 3);
const raiz = resolve(import.meta.dirname, '../..');

export interface Comparacion {
  figure: string;
  antes: number;
  despues: number;
  budget: number;
}

/** A worktree of `ref` whose node_modules are this tree's, but for its own workspace packages. */
function arbolDe(ref: string): { dir: string; borrar: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-antes-'));
  rmSync(dir, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'add', '--detach', dir, ref], { cwd: raiz, stdio: 'ignore' });
  const modulos = join(dir, 'node_modules');
  mkdirSync(modulos);
  for (const entrada of readdirSync(join(raiz, 'node_modules'))) {
    if (entrada === '@compra-grupal') continue;
    symlinkSync(join(raiz, 'node_modules', entrada), join(modulos, entrada));
  }
  mkdirSync(join(modulos, '@compra-grupal'));
  symlinkSync(join(dir, 'packages/contracts'), join(modulos, '@compra-grupal/contracts'));
  return {
    dir,
    borrar: () =>
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: raiz, stdio: 'ignore' }),
  };
}

/** Runs one tree's ledger and payments figures in a process of their own; answers the rows. */
function medirEn(dir: string): { figure: string; value: string }[] {
  const programa = `
    const { medirLedgerEnPostgres } = await import(${JSON.stringify(pathToFileURL(join(dir, 'scripts/bench/grupos.ts')).href)});
    const { medirPagosEnPostgres } = await import(${JSON.stringify(pathToFileURL(join(dir, 'scripts/bench/pagos.ts')).href)});
    const filas = [...(await medirLedgerEnPostgres()), ...(await medirPagosEnPostgres())];
    console.log('FILAS ' + JSON.stringify(filas));
    process.exit(0);`;
  const corrida = spawnSync(
    join(raiz, 'node_modules/.bin/tsx'),
    ['--input-type=module', '-e', programa],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const linea = corrida.stdout.split('\n').find((l) => l.startsWith('FILAS '));
  if (!linea) throw new Error(`la medición falló en ${dir}: ${corrida.stderr.slice(-2000)}`);
  return JSON.parse(linea.slice('FILAS '.length));
}

const porSegundo = (filas: { figure: string; value: string }[], empieza: string) => {
  const fila = filas.find((f) => f.figure.startsWith(empieza));
  const n = fila ? Number.parseFloat(fila.value) : Number.NaN;
  return Number.isFinite(n) ? n : Number.NaN;
};

const mediana = (xs: number[]) => {
  const orden = [...xs].sort((a, b) => a - b);
  return orden[Math.floor(orden.length / 2)] ?? Number.NaN;
};

export function compararAntesYDespues(): Comparacion[] {
  const antes = arbolDe(ANTES);
  const medidas = { antes: [] as number[][], despues: [] as number[][] };
  try {
    for (let ronda = 1; ronda <= RONDAS; ronda++) {
      for (const [cual, dir] of [
        ['antes', antes.dir],
        ['despues', raiz],
      ] as const) {
        const filas = medirEn(dir);
        const par = [
          porSegundo(filas, 'Aprobaciones pagadas'),
          porSegundo(filas, 'Ledger de lugares en PostgreSQL, '),
        ];
        // Round trips, where that tree's bench counts them (scripts/bench/idas-y-vueltas.ts).
        const idas = filas
          .filter((f) => f.figure.includes('idas y vueltas'))
          .map((f) => `; ${f.figure.includes('toma') ? 'por toma' : 'por aprobación'} ${f.value}`)
          .join('');
        console.log(
          `  ronda ${ronda}, ${cual}: ${par[0]} aprobaciones/s, ${par[1]} tomas/s${idas}`,
        );
        medidas[cual].push(par);
      }
    }
  } finally {
    antes.borrar();
  }
  const de = (cual: 'antes' | 'despues', i: number) => mediana(medidas[cual].map((m) => m[i] ?? 0));
  return [
    {
      figure: 'Aprobaciones pagadas por el webhook en PostgreSQL (100 a la vez): aprobaciones/s',
      antes: de('antes', 0),
      despues: de('despues', 0),
      budget: 300,
    },
    {
      figure: 'Ledger de lugares en PostgreSQL: tomas/s',
      antes: de('antes', 1),
      despues: de('despues', 1),
      budget: 1000,
    },
  ];
}

export const filaDeComparacion = (c: Comparacion) => ({
  figure: `${c.figure}, antes (${ANTES}, PL/pgSQL) → después (TypeScript)`,
  value: `${c.antes.toFixed(0)}/s → ${c.despues.toFixed(0)}/s (x${(c.despues / c.antes).toFixed(2)})`,
  // Issue 32: at least the SQL version's figure and at least the budget.
  budget: `>= ${c.budget}/s y >= x1.00 después`,
  ok: c.despues >= c.budget && c.despues >= c.antes,
});

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const c of compararAntesYDespues()) {
    const fila = filaDeComparacion(c);
    console.log(`${fila.figure}: ${fila.value} (presupuesto ${fila.budget})`);
  }
}
