import type { FastifyInstance } from 'fastify';
import { createStorage } from './adapters/storage/storage-from-config';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/database-from-config';
import { prepareDatabase } from './db/prepare-database';
import { seedOptionsFrom } from './db/seed';

/** Starts the one process: database (migrated and seeded), API, socket.io and the web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database: DatabaseHandle = await openConfiguredDatabase(config);
  let app: FastifyInstance | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'cerrando');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app?.close();
      await database.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const seeded = await prepareDatabase(
    database,
    { storage: createStorage(config), mpTokenKey: config.MP_TOKEN_ENCRYPTION_KEY },
    seedOptionsFrom(config),
  );
  app = await buildApp({ config, database });
  if (seeded.length > 0) app.log.info({ pasos: seeded }, 'datos iniciales cargados');

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { db: database.kind, address },
    `Compra Grupal escuchando en ${address.replace(/\/\/(0\.0\.0\.0|\[::\])/, '//localhost')}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('No se pudo iniciar el servidor / The server could not start:', error);
  }
  process.exit(1);
});
