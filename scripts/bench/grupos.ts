/**
 * Two figures of the purchase groups (docs/decisions/020):
 *
 * - the places ledger's takes per second on PostgreSQL with 100 concurrent clients (callers
 *   sharing four pools of 10 connections, as requests in four API processes do), each client taking 1 to 3
 *   places of one of 20 products in a loop for a few seconds; the group invariants are checked
 *   afterwards. The same with every client on one product (one row lock, commits in a row)
 *   prints for information. Needs a PostgreSQL server: BENCH_DATABASE_URL, else
 *   TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; skipped when none
 *   answers.
 * - a `grupoActualizado` recorded by a take reaching 1,000 socket.io clients in the group's
 *   room: the time from the commit to each client's receipt, p95 over a few events, on the
 *   real app (embedded PGlite, the outbox publisher, socket.io in the same process as the
 *   clients).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client';
import { gruposDeCompra, productos, usuarios } from '../../apps/api/src/db/schema';
import { seedReferenceData } from '../../apps/api/src/demo/reference-data';
import { newId } from '../../apps/api/src/lib/ids';
import {
  abrirGrupo,
  tomarLugares,
} from '../../apps/api/src/modules/grupo-de-compra/grupo-de-compra.ledger';
import { violacionesDeInvariantes } from '../../apps/api/src/modules/grupo-de-compra/ledger-test-helpers';
import { createAppUnitOfWork } from '../../apps/api/src/repositories';
import { contarIdasYVueltas, porUnidad } from './idas-y-vueltas';
import { insertMarketplace } from './marketplace-data';

export interface GrupoRow {
  figure: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

const CLIENTES = 100;
const POOLS = 4;
const PRODUCTOS = 20;
const SEGUNDOS = 3;

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Stores, products with their open group, and shoppers, for the ledger to take places of. */
async function prepararDatos(db: DatabaseHandle['db']) {
  await seedReferenceData(db);
  await insertMarketplace(db, 1, 1); // one store with 20 products
  const lista = await db.select().from(productos);
  const withTransaction = createAppUnitOfWork(db);
  for (const producto of lista) {
    await db
      .update(productos)
      .set({ cantidadTotalGrupo: 50, disponible: true })
      .where(eq(productos.id, producto.id));
    await withTransaction((repos) =>
      abrirGrupo(repos, { ...producto, cantidadTotalGrupo: 50 }, new Date()),
    );
  }
  const compradores = Array.from({ length: CLIENTES }, (_, i) => ({
    id: newId(),
    nombre: `Comprador ${i}`,
    email: `bench.${i}.${randomBytes(3).toString('hex')}@ejemplo.com.ar`,
  }));
  await db.insert(usuarios).values(compradores);
  return { productoIds: lista.map((p) => p.id), compradorIds: compradores.map((c) => c.id) };
}

async function tomasPorSegundo(
  handles: DatabaseHandle[],
  productoIds: string[],
  compradorIds: string[],
): Promise<{ porSegundo: number; tomas: number }> {
  const unidades = handles.map((h) => createAppUnitOfWork(h.db));
  const hasta = Date.now() + SEGUNDOS * 1000;
  let tomas = 0;
  const inicio = Date.now();
  await Promise.all(
    Array.from({ length: CLIENTES }, async (_, cliente) => {
      const withTransaction = unidades[cliente % unidades.length];
      if (!withTransaction) return;
      let i = cliente;
      while (Date.now() < hasta) {
        i += 1;
        const productoId = productoIds[i % productoIds.length] as string;
        await withTransaction((repos) =>
          tomarLugares(repos, {
            productoId,
            cantidad: 1 + (i % 3),
            usuarioId: compradorIds[cliente] as string,
            pedidoId: null,
            ahora: new Date(),
          }),
        );
        tomas += 1;
      }
    }),
  );
  return { porSegundo: tomas / ((Date.now() - inicio) / 1000), tomas };
}

export async function medirLedgerEnPostgres(): Promise<GrupoRow[]> {
  const figure = `Ledger de lugares en PostgreSQL, ${CLIENTES} clientes concurrentes (${PRODUCTOS} productos): tomas/s`;
  try {
    await admin((client) => client.query('select 1'));
  } catch {
    console.log(
      `  Sin PostgreSQL en ${new URL(serverUrl).host}: se omite el ledger (definí BENCH_DATABASE_URL)`,
    );
    return [{ figure, value: 'omitido: sin PostgreSQL', budget: '>= 1000/s', ok: null }];
  }
  const name = `cg_bench_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handles: DatabaseHandle[] = [];
  try {
    for (let i = 0; i < POOLS; i += 1) {
      handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    }
    const [primero] = handles;
    if (!primero) throw new Error('no pool');
    await primero.migrate();
    const { productoIds, compradorIds } = await prepararDatos(primero.db);
    const medida = await contarIdasYVueltas(() =>
      tomasPorSegundo(handles, productoIds, compradorIds),
    );
    const repartido = medida.resultado.porSegundo;
    const idas = porUnidad(medida.idas, medida.resultado.tomas);
    const uno = (await tomasPorSegundo(handles, productoIds.slice(0, 1), compradorIds)).porSegundo;
    const problemas = await violacionesDeInvariantes(primero.db);
    const n = (
      await primero.db
        .select({ id: gruposDeCompra.id })
        .from(gruposDeCompra)
        .where(eq(gruposDeCompra.estado, 'cerrado'))
    ).length;
    console.log(
      `  Ledger: ${repartido.toFixed(0)} tomas/s en ${PRODUCTOS} productos, ${uno.toFixed(0)} tomas/s en uno solo; ${n} grupos llenos; idas y vueltas por toma: ${idas}; invariantes: ${problemas.length === 0 ? 'OK' : problemas.slice(0, 3).join('; ')}`,
    );
    return [
      {
        figure: `${figure}, invariantes ${problemas.length === 0 ? 'OK' : 'ROTOS'}`,
        value: `${repartido.toFixed(0)}/s`,
        budget: '>= 1000/s',
        ok: repartido >= 1000 && problemas.length === 0,
      },
      {
        figure: `Ledger de lugares en PostgreSQL, ${CLIENTES} clientes sobre un solo producto: tomas/s`,
        value: `${uno.toFixed(0)}/s`,
        budget: '—',
        ok: null,
      },
      {
        figure: 'Ledger de lugares en PostgreSQL: idas y vueltas a la base por toma',
        value: idas,
        budget: '—',
        ok: null,
      },
    ];
  } finally {
    for (const h of handles) await h.close();
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}

const SOCKETS = 1000;
const EVENTOS = 5;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

export async function medirDifusionDeGrupo(): Promise<GrupoRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-bench-grupos-'));
  const database = await openDatabase({ kind: 'pglite' });
  const sockets: Socket[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    // Clients tell their own addresses (X-Forwarded-For), as 1,000 people behind a proxy.
    TRUST_PROXY: '1',
  });
  try {
    await database.migrate();
    const { productoIds, compradorIds } = await prepararDatos(database.db);
    const app = await buildApp({ config, database });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const productoId = productoIds[0] as string;
    const [grupo] = await database.db
      .select({ id: gruposDeCompra.id })
      .from(gruposDeCompra)
      .where(and(eq(gruposDeCompra.productoId, productoId), eq(gruposDeCompra.estado, 'abierto')));
    const sala = grupo?.id as string;
    const recibidos: number[] = [];
    let enviado = 0;
    for (let i = 0; i < SOCKETS; i += 1) {
      const socket = connect(address, {
        path: '/socket.io/',
        transports: ['websocket'],
        extraHeaders: { 'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 20)}` },
        forceNew: true,
      });
      socket.on('grupoActualizado', () => recibidos.push(performance.now() - enviado));
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            if (s.connected) resolve();
            s.once('connect', () => resolve());
            s.once('connect_error', reject);
          }),
      ),
    );
    for (const s of sockets) s.emit('joinGrupo', sala);
    await new Promise((r) => setTimeout(r, 500)); // the joins reach the server
    const latencias: number[] = [];
    for (let e = 0; e < EVENTOS; e += 1) {
      recibidos.length = 0;
      await app.services.withTransaction(async (repos) => {
        await tomarLugares(repos, {
          productoId,
          cantidad: 1,
          usuarioId: compradorIds[e] as string,
          pedidoId: null,
          ahora: new Date(),
        });
        enviado = performance.now(); // the commit follows this callback
      });
      const limite = Date.now() + 5000;
      while (recibidos.length < SOCKETS && Date.now() < limite) {
        await new Promise((r) => setTimeout(r, 5));
      }
      if (recibidos.length < SOCKETS) {
        throw new Error(`solo ${recibidos.length} de ${SOCKETS} clientes recibieron el evento`);
      }
      latencias.push(...recibidos);
    }
    const valor = p95(latencias);
    console.log(`  grupoActualizado a ${SOCKETS} clientes: p95 ${valor.toFixed(1)} ms`);
    await app.close();
    return [
      {
        figure: `grupoActualizado hasta ${SOCKETS} clientes socket.io en la sala: p95 (${EVENTOS} eventos)`,
        value: `${valor.toFixed(1)} ms`,
        budget: '<= 250 ms',
        ok: valor <= 250,
      },
    ];
  } finally {
    for (const s of sockets) s.disconnect();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npx tsx scripts/bench/grupos.ts`: only these two figures. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of [...(await medirLedgerEnPostgres()), ...(await medirDifusionDeGrupo())]) {
    console.log(`${row.figure}: ${row.value} (presupuesto ${row.budget})`);
  }
  process.exit(0);
}
