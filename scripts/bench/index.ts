/**
 * `npm run bench`: builds its own data in temporary DATA_DIRs (embedded PGlite), starts the real
 * built server, drives it over loopback and prints the figures beside their budgets. Exits 1
 * when a figure is over budget.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/client';
import { seedReferenceData } from '../../apps/api/src/db/seed/reference-data';
import { measureLatency, measureThroughput } from './load';
import { insertMarketplace, PALERMO } from './marketplace-data';
import { startServer } from './server';
import { measureHomeJavaScript } from './web-bundle';

const SIZES = (process.env.BENCH_SIZES ?? '500,2000,5000,20000').split(',').map(Number);
const IN_RANGE = 300;

interface Row {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const ms = (n: number) => `${n.toFixed(1)} ms`;

if (
  !existsSync('apps/api/dist/server.js') ||
  !existsSync('apps/web/dist/index.html') ||
  process.env.BENCH_BUILD !== 'false'
) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function prepareDataDir(total: number): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `cg-bench-${total}-`));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await seedReferenceData(database.db);
  const started = Date.now();
  await insertMarketplace(database.db, total, Math.min(IN_RANGE, total));
  console.log(
    `  ${total} tiendas y ${total * 20} productos generados en ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.close();
  return dataDir;
}

const listingBody = JSON.stringify(PALERMO);
const p95BySize = new Map<number, number>();

for (const [index, total] of SIZES.entries()) {
  console.log(`\nListado con ${total} tiendas…`);
  const dataDir = await prepareDataDir(total);
  const server = await startServer(dataDir);
  try {
    const listingUrl = `${server.baseUrl}/api/tienda/con-productos-que-cubren`;
    const check = await (
      await fetch(listingUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: listingBody,
      })
    ).json();
    console.log(`  tiendas en rango: ${check.tiendas.length}`);
    const latency = await measureLatency(listingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: listingBody,
    });
    p95BySize.set(total, latency.p95);
    const isLargest = index === SIZES.length - 1;
    rows.push({
      figure: `Listado Palermo (${check.tiendas.length} en rango) con ${total} tiendas: p95`,
      value: ms(latency.p95),
      budget: isLargest ? '<= 60 ms' : '—',
      ok: isLargest ? latency.p95 <= 60 : null,
    });

    if (isLargest) {
      const productoId = check.tiendas[0].productos[0]._id as string;
      const trivial = await measureThroughput(`${server.baseUrl}/api/health`);
      const producto = await measureThroughput(`${server.baseUrl}/api/producto/${productoId}`);
      const ratio = producto.rps / trivial.rps;
      rows.push({
        figure: 'GET /api/health (ruta trivial): req/s',
        value: `${trivial.rps.toFixed(0)} req/s (p99 ${trivial.p99} ms)`,
        budget: '—',
        ok: null,
      });
      rows.push({
        figure: 'GET /api/producto/{id}: req/s',
        value: `${producto.rps.toFixed(0)} req/s (p99 ${producto.p99} ms)`,
        budget: '—',
        ok: null,
      });
      rows.push({
        figure: 'GET /api/producto/{id} / ruta trivial',
        value: ratio.toFixed(2),
        budget: '>= 0.25',
        ok: ratio >= 0.25,
      });
      const js = await measureHomeJavaScript(server.baseUrl, {
        latitude: PALERMO.lat,
        longitude: PALERMO.lng,
      });
      rows.push({
        figure: `JavaScript de / con ${js.stores} tiendas (${js.files} archivos, gzip)`,
        value: `${(js.gzipBytes / 1024).toFixed(1)} KB`,
        budget: '<= 170 KB',
        ok: js.gzipBytes / 1024 <= 170,
      });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const first = p95BySize.get(SIZES[0] ?? 0);
const last = p95BySize.get(SIZES[SIZES.length - 1] ?? 0);
if (first && last && SIZES.length > 1) {
  const growth = last / first;
  rows.push({
    figure: `Crecimiento del p95 de ${SIZES[0]} a ${SIZES[SIZES.length - 1]} tiendas`,
    value: `${growth.toFixed(2)}x`,
    budget: '<= 1.5x',
    ok: growth <= 1.5,
  });
}

const width = Math.max(...rows.map((r) => r.figure.length));
console.log('\n━━━ Benchmark ━━━');
console.log(`${'Cifra'.padEnd(width)}  ${'Valor'.padEnd(28)}  ${'Presupuesto'.padEnd(11)}  Estado`);
for (const r of rows) {
  const estado = r.ok === null ? '' : r.ok ? 'OK' : 'EXCEDIDO';
  console.log(
    `${r.figure.padEnd(width)}  ${r.value.padEnd(28)}  ${r.budget.padEnd(11)}  ${estado}`,
  );
}
const failed = rows.filter((r) => r.ok === false).length;
console.log(
  failed
    ? `\n${failed} cifra(s) fuera de presupuesto`
    : '\nTodas las cifras dentro del presupuesto',
);
process.exit(failed ? 1 : 0);
