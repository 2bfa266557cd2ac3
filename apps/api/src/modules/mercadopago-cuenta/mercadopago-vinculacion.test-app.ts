import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadsDirOf } from '../../adapters/storage/storage-from-config';
import { type BuildAppOptions, buildApp } from '../../app';
import { type Config, loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { coberturas, tiendas } from '../../db/schema';
import { createTestClock, type TestClock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { openTestDatabase } from '../../test/test-database';

export interface PagoTestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * The real application on a fresh seeded test database (reference data and demo users, no
 * stores), as test/test-app.ts builds it, with a test clock the services and jobs read.
 */
export async function createPagoTestApp(
  env: Partial<Record<keyof Config, string>> = {},
  clock: TestClock = createTestClock(),
  logStream?: BuildAppOptions['logStream'],
): Promise<PagoTestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-api-pago-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    AUTH_RATE_LIMIT_MAX: '10000',
    ...env,
  });
  const database = await openTestDatabase({ content: 'seeded', uploadsDir: uploadsDirOf(config) });
  const app = await buildApp({ config, database, clock, logStream });
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Gives the user a store (not enabled, not linked), straight in the database. */
export async function darTienda(database: DatabaseHandle, usuarioId: string): Promise<string> {
  const [cobertura] = await database.db.select().from(coberturas).limit(1);
  if (!cobertura) throw new Error('sin coberturas sembradas');
  const id = newId();
  await database.db.insert(tiendas).values({
    id,
    usuarioId,
    nombre: 'Almacén de Prueba',
    telefono: '1155554444',
    email: 'tienda@ejemplo.com.ar',
    razonSocial: 'Almacén de Prueba S.R.L.',
    direccion: 'Av. Corrientes 1234',
    ciudad: 'Ciudad Autónoma de Buenos Aires',
    provincia: 'Ciudad Autónoma de Buenos Aires',
    latitud: -34.6037,
    longitud: -58.3816,
    coberturaId: cobertura.id,
    coberturaKm: cobertura.km,
  });
  return id;
}
