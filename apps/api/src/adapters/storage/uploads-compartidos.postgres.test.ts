import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { productos } from '../../db/schema';
import { demoTiendaId } from '../../demo/demo-tiendas';
import { DEMO_TIENDAS } from '../../demo/demo-tiendas.data';
import { prepareDatabase } from '../../prepare-database';
import { crearProducto, vendedorConTienda } from '../../test/producto-helpers';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { openTestDatabase } from '../../test/test-database';
import { createStorage, uploadsDirOf } from './storage-from-config';

/**
 * Two API nodes on one PostgreSQL database with S3 storage (s3rver on loopback): what node A
 * stores, node B answers and the bucket serves; the demo pictures that node A seeded are
 * served for node B, which seeded nothing. Neither node keeps a file on its own disk.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const BUCKET = 'compra-grupal-nodos';

interface Nodo {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
}

describe.skipIf(!serverUrl)('uploads shared by two nodes (S3, one PostgreSQL)', () => {
  let s3: TestS3Server;
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  let a: Nodo;
  let b: Nodo;
  let sembradosPorB: string[];

  const configDeNodo = () =>
    loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: tempDir('cg-nodo-'),
      WEB_DIST_DIR: join(tmpdir(), 'cg-sin-web'),
      AUTH_RATE_LIMIT_MAX: '10000',
      ...s3.env,
    });

  beforeAll(async () => {
    s3 = await startTestS3Server(BUCKET);

    // Node A: a database of its own on the server (migrated, demo users, no stores yet).
    const databaseA = await openTestDatabase({ content: 'seeded' });
    const configA = configDeNodo();
    // As the server starts: node A finds the demo stores missing and seeds them.
    const sembradosPorA = await prepareDatabase(
      databaseA,
      { storage: createStorage(configA) },
      { demo: true },
    );
    expect(sembradosPorA).toContain('tiendas-demo');

    // Node B: its own pool on the same database, started after A.
    if (!databaseA.connectionString) throw new Error('sin connectionString');
    const databaseB = await openDatabase({ kind: 'postgres', url: databaseA.connectionString });
    const configB = configDeNodo();
    sembradosPorB = await prepareDatabase(
      databaseB,
      { storage: createStorage(configB) },
      { demo: true },
    );

    a = {
      app: await buildApp({ config: configA, database: databaseA }),
      database: databaseA,
      config: configA,
    };
    b = {
      app: await buildApp({ config: configB, database: databaseB }),
      database: databaseB,
      config: configB,
    };
  }, 180_000);

  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await a?.app.close();
    // Drops the test database.
    await a?.database.close();
    await s3?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The bytes the bucket serves at `url`, checked to be a JPEG. */
  const servida = async (url: string) => {
    expect(url.startsWith(`${s3.publicUrl}/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const data = Buffer.from(await res.arrayBuffer());
    expect((await sharp(data).metadata()).format).toBe('jpeg');
    return data;
  };

  /** What a node wrote under its own DATA_DIR/uploads (nothing, with S3). */
  const archivosLocales = (nodo: Nodo) => {
    const dir = uploadsDirOf(nodo.config);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
  };

  it('a picture uploaded through node A is answered by node B and served by the bucket', async () => {
    const t = {
      app: a.app,
      database: a.database,
      dataDir: a.config.DATA_DIR,
      close: async () => {},
    };
    const vendedor = await vendedorConTienda(t);
    const subido = await crearProducto(t, vendedor, { nombre: 'Yerba subida por el nodo A' });

    const res = await b.app.inject({ url: `/api/producto/${subido._id}` });
    expect(res.statusCode).toBe(200);
    const producto = res.json() as { nombre: string; imagen: string };
    expect(producto).toMatchObject({ nombre: 'Yerba subida por el nodo A', imagen: subido.imagen });
    const imagen = await servida(producto.imagen);
    expect((await sharp(imagen).metadata()).width).toBe(640);

    const [fila] = await b.database.db
      .select({ miniatura: productos.imagenMiniatura })
      .from(productos)
      .where(eq(productos.id, subido._id));
    if (!fila?.miniatura) throw new Error('sin miniatura');
    expect((await sharp(await servida(fila.miniatura)).metadata()).width).toBe(320);

    expect(archivosLocales(a)).toEqual([]);
    expect(archivosLocales(b)).toEqual([]);
  });

  it('the demo pictures node A seeded are there for node B, which seeded nothing', async () => {
    expect(sembradosPorB).toEqual([]);
    const habilitadas = [...DEMO_TIENDAS.entries()].filter(([, tienda]) => tienda.habilitada);
    expect(habilitadas.length).toBeGreaterThan(0);
    for (const [index, demo] of habilitadas) {
      const res = await b.app.inject({ url: `/api/tienda/con-productos/${demoTiendaId(index)}` });
      expect(res.statusCode).toBe(200);
      const tienda = res.json() as { logo: string; productos: { imagen: string }[] };
      expect(tienda.productos).toHaveLength(demo.productos.length);
      await servida(tienda.logo);
      for (const producto of tienda.productos) await servida(producto.imagen);
    }
    expect(archivosLocales(a)).toEqual([]);
    expect(archivosLocales(b)).toEqual([]);
  });
});
