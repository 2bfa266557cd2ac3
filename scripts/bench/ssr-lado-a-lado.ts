/**
 * Lighthouse on the storefront pages with server rendering on and off, side by side in the same
 * run (issue 26, "Budgets"): the noise of a shared machine falls on both alike, so their
 * difference is the gain of server rendering.
 *
 * The demo seed (stores with drawn logos and product photos, every product on sale with its open
 * group) is built once in a temporary DATA_DIR, which is then copied: two servers from the same
 * build (`apps/api/dist/server.js`) over identical data, ids included (PGlite allows one process
 * per DATA_DIR). One runs with server rendering as the build ships it (SSR unset: on), the other
 * with `SSR=false`. Pages: `/` (no location chosen: Lighthouse starts from empty storage), the
 * store, the product and the open group with the most places taken. For each page the runs
 * alternate, one on each server in turn (`BENCH_LIGHTHOUSE_RUNS`, 3 each by default), and each
 * server's figures are its run of median performance.
 *
 * Rows: the budgets for the server with SSR, the same figure with `SSR=false` beside it
 * (no budget) with the difference SSR − CSR, and whether each server's HTML of the product page
 * already holds the product's name (a check that server rendering really was on and off).
 *
 * Alone (a few minutes; build first with `npm run build`):
 *   nice -n 10 npx tsx scripts/bench/ssr-lado-a-lado.ts
 * `npm run bench` measures it too, among its other figures.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { createLocalDiskStorage } from '../../apps/api/src/adapters/storage/local-disk-storage';
import { openDatabase } from '../../apps/api/src/db/client';
import { gruposDeCompra, productos, tiendas } from '../../apps/api/src/db/schema';
import { prepareDatabase } from '../../apps/api/src/prepare-database';
import {
  LIGHTHOUSE_RUNS,
  type LighthouseRun,
  type LighthouseScores,
  measureLighthouse,
} from './lighthouse';
import { startServer } from './server';
import { imprimirTabla, type Row } from './tabla';

interface Elegidos {
  tiendaId: string;
  productoId: string;
  productoNombre: string;
  grupoId: string;
}

/**
 * The demo seed in a fresh DATA_DIR, without the steps the pages do not show (sellers' Mercado
 * Pago accounts, orders). Picks the open group with the most places taken, its product (on sale)
 * and its store (enabled).
 */
async function sembrarDemo(): Promise<{ dataDir: string; elegidos: Elegidos }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-bench-ssr-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await prepareDatabase(
      database,
      { storage: createLocalDiskStorage(join(dataDir, 'uploads')) },
      {
        demo: true,
        demoAdmin: false,
        generateKeys: false,
        skip: ['cuentas-mercadopago-demo', 'pedidos-demo'],
      },
    );
    const [elegido] = await database.db
      .select({
        tiendaId: tiendas.id,
        productoId: productos.id,
        productoNombre: productos.nombre,
        grupoId: gruposDeCompra.id,
      })
      .from(gruposDeCompra)
      .innerJoin(productos, eq(productos.id, gruposDeCompra.productoId))
      .innerJoin(tiendas, eq(tiendas.id, productos.tiendaId))
      .where(
        and(
          eq(gruposDeCompra.estado, 'abierto'),
          eq(productos.disponible, true),
          isNull(productos.retiradoEn),
          eq(tiendas.habilitada, true),
        ),
      )
      .orderBy(desc(gruposDeCompra.lugaresOcupados), gruposDeCompra.id)
      .limit(1);
    if (!elegido)
      throw new Error('la semilla de demo no dejó ningún grupo abierto en una tienda habilitada');
    return { dataDir, elegidos: elegido };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

const getJson = async (url: string) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
};

/** The public API of a server shows what was picked: the store, the product on sale, the group open. */
async function verificarPorLaApi(baseUrl: string, elegidos: Elegidos): Promise<void> {
  await getJson(`${baseUrl}/api/tienda/con-productos/${elegidos.tiendaId}`);
  const producto = await getJson(`${baseUrl}/api/producto/${elegidos.productoId}`);
  if (producto._id !== elegidos.productoId) throw new Error(`${baseUrl}: otro producto`);
  const grupo = await getJson(`${baseUrl}/api/grupoDeCompra/grupoConProducto/${elegidos.grupoId}`);
  const estado = grupo.grupo?.status;
  if (estado !== 'abierto') throw new Error(`${baseUrl}: el grupo está ${estado}, no abierto`);
}

const escaparHtml = (texto: string) =>
  texto
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/** Does the first HTML answer of the product page hold its name (rendered on the server)? */
async function htmlTraeElProducto(baseUrl: string, elegidos: Elegidos): Promise<boolean> {
  const html = await (await fetch(`${baseUrl}/product/${elegidos.productoId}`)).text();
  const body = html.slice(html.search(/<body[\s>]/i));
  return (
    body.includes(elegidos.productoNombre) || body.includes(escaparHtml(elegidos.productoNombre))
  );
}

interface Medida {
  nombre: string;
  presupuesto: string;
  cumple(run: LighthouseRun): boolean;
  valor(run: LighthouseRun): number;
  formato(valor: number): string;
  diferencia(valor: number): string;
}

/** A difference as shown, its sign from the shown digits (no '+0.000' from 0.0001). */
const signo = (n: number, digitos: number) => {
  const mostrado = Number(n.toFixed(digitos));
  return `${mostrado > 0 ? '+' : mostrado < 0 ? '−' : '±'}${Math.abs(mostrado).toFixed(digitos)}`;
};

const puntaje = (
  nombre: string,
  campo: 'performance' | 'accessibility' | 'seo',
  minimo: number,
): Medida => ({
  nombre,
  presupuesto: minimo === 100 ? '100' : `>= ${minimo}`,
  cumple: (run) => run[campo] >= minimo,
  valor: (run) => run[campo],
  formato: String,
  diferencia: (d) => signo(d, 0),
});

const RENDIMIENTO = puntaje('rendimiento', 'performance', 95);
const ACCESIBILIDAD = puntaje('accesibilidad', 'accessibility', 100);
const SEO = puntaje('SEO', 'seo', 100);
const LCP: Medida = {
  nombre: 'LCP',
  presupuesto: '<= 2.0 s',
  cumple: (run) => run.lcpMs <= 2000,
  valor: (run) => run.lcpMs / 1000,
  formato: (s) => `${s.toFixed(2)} s`,
  diferencia: (d) => `${signo(d, 2)} s`,
};
const CLS: Medida = {
  nombre: 'CLS',
  presupuesto: '<= 0.05',
  cumple: (run) => run.cls <= 0.05,
  valor: (run) => run.cls,
  formato: (n) => n.toFixed(3),
  diferencia: (d) => signo(d, 3),
};

/** The budgets, page by page: the figures each page answers for. */
const paginas = (e: Elegidos) => [
  { etiqueta: '/', path: '/', medidas: [RENDIMIENTO, ACCESIBILIDAD, LCP, CLS] },
  {
    etiqueta: '/store/{id}',
    path: `/store/${e.tiendaId}`,
    medidas: [RENDIMIENTO, ACCESIBILIDAD, SEO, LCP, CLS],
  },
  {
    etiqueta: '/product/{id}',
    path: `/product/${e.productoId}`,
    medidas: [RENDIMIENTO, ACCESIBILIDAD, SEO, LCP, CLS],
  },
  { etiqueta: '/group/{id}', path: `/group/${e.grupoId}`, medidas: [LCP, CLS] },
];

const CON_SSR = 'con SSR';
const SIN_SSR = 'SSR=false';

/** Measures both servers side by side and returns the table's rows. */
export async function medirSsrLadoALado(): Promise<Row[]> {
  const { dataDir, elegidos } = await sembrarDemo();
  const copia = `${dataDir}-sin-ssr`;
  const servidores: { stop(): Promise<void> }[] = [];
  try {
    cpSync(dataDir, copia, { recursive: true });
    const conSsr = await startServer(dataDir, { SSR: undefined });
    servidores.push(conSsr);
    const sinSsr = await startServer(copia, { SSR: 'false' });
    servidores.push(sinSsr);
    await verificarPorLaApi(conSsr.baseUrl, elegidos);
    await verificarPorLaApi(sinSsr.baseUrl, elegidos);
    const html = {
      conSsr: await htmlTraeElProducto(conSsr.baseUrl, elegidos),
      sinSsr: await htmlTraeElProducto(sinSsr.baseUrl, elegidos),
    };
    console.log(
      `  tienda ${elegidos.tiendaId}, producto ${elegidos.productoId} (${elegidos.productoNombre}), grupo ${elegidos.grupoId}`,
    );
    console.log(
      `  el HTML de /product/{id} trae el producto: ${CON_SSR} ${html.conSsr ? 'sí' : 'no'}, ${SIN_SSR} ${html.sinSsr ? 'sí' : 'no'}`,
    );
    if (!html.conSsr)
      console.log(
        '  ¡ojo! el servidor con SSR no renderizó el producto: las dos columnas miden lo mismo',
      );
    const lista = paginas(elegidos);
    // Every page once on each server before measuring: nobody's figure pays for a cold start.
    for (const { path } of lista) {
      for (const { baseUrl } of [conSsr, sinSsr]) await (await fetch(`${baseUrl}${path}`)).text();
    }
    const resultados = await measureLighthouse(
      [
        { name: CON_SSR, baseUrl: conSsr.baseUrl },
        { name: SIN_SSR, baseUrl: sinSsr.baseUrl },
      ],
      lista.map((p) => p.path),
    );
    const si = (b: boolean) => (b ? 'sí' : 'no');
    const rows: Row[] = [
      {
        figure: `HTML de /product/{id} con el nombre del producto: ${CON_SSR} / ${SIN_SSR}`,
        value: `${si(html.conSsr)} / ${si(html.sinSsr)}`,
        budget: '—',
        ok: null,
      },
    ];
    for (const [i, pagina] of lista.entries()) {
      const con = resultados.get(CON_SSR)?.[i];
      const sin = resultados.get(SIN_SSR)?.[i];
      if (!con || !sin) throw new Error(`sin resultados para ${pagina.path}`);
      rows.push(...filasDePagina(pagina.etiqueta, pagina.medidas, con, sin));
    }
    return rows;
  } finally {
    for (const servidor of servidores) await servidor.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(copia, { recursive: true, force: true });
  }
}

function filasDePagina(
  etiqueta: string,
  medidas: Medida[],
  con: LighthouseScores,
  sin: LighthouseScores,
): Row[] {
  const corridas = (medida: Medida, scores: LighthouseScores) =>
    scores.runs.map((run) => medida.formato(medida.valor(run)).replace(/ s$/, '')).join('/');
  return medidas.flatMap((medida): Row[] => {
    const valorCon = medida.valor(con);
    const valorSin = medida.valor(sin);
    return [
      {
        figure: `Lighthouse móvil ${etiqueta} ${CON_SSR}: ${medida.nombre} (corridas ${corridas(medida, con)})`,
        value: medida.formato(valorCon),
        budget: medida.presupuesto,
        ok: medida.cumple(con),
      },
      {
        figure: `  ídem con ${SIN_SSR}: ${medida.nombre} (corridas ${corridas(medida, sin)})`,
        value: `${medida.formato(valorSin)} (SSR − CSR ${medida.diferencia(valorCon - valorSin)})`,
        budget: '—',
        ok: null,
      },
    ];
  });
}

/** `npx tsx scripts/bench/ssr-lado-a-lado.ts`: only these figures. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!existsSync('apps/api/dist/server.js') || !existsSync('apps/api/dist/web/index.html')) {
    console.error(
      'Falta el build: `npm run build` antes de medir (desde la raíz del repositorio).',
    );
    process.exit(1);
  }
  console.log(
    `Lighthouse lado a lado, ${CON_SSR} y ${SIN_SSR}, ${LIGHTHOUSE_RUNS} corridas de cada página en cada uno…`,
  );
  const failed = imprimirTabla(await medirSsrLadoALado(), 'Lighthouse con y sin SSR');
  process.exit(failed ? 1 : 0);
}
