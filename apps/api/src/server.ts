import type { FastifyInstance } from 'fastify';
import { createStorage } from './adapters/storage/storage-from-config';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/database-from-config';
import { seedOptionsFrom } from './demo';
import { direccionParaAbrir } from './lib/direccion-para-abrir';
import { prepareDatabase } from './prepare-database';
import { startTelemetry } from './telemetry';

/** After the drain, how long in-flight requests and jobs get to finish before a forced exit. */
const CLOSE_BUDGET_MS = 30_000;

/** Starts the one process: database (migrated and seeded), API, socket.io and the web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  const telemetry = await startTelemetry(config);
  const database: DatabaseHandle = await openConfiguredDatabase(config);
  let app: FastifyInstance | undefined;

  let closing = false;
  /**
   * The graceful drain: readiness turns 503 at once and background jobs stop taking work, but
   * requests are served for SHUTDOWN_DRAIN_MS, so the load balancer stops sending first. Then
   * the server closes: sockets are told to reconnect (elsewhere), requests and the running job
   * finish, the outbox sends what is committed, and the database closes.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const drainMs = app ? config.SHUTDOWN_DRAIN_MS : 0;
    app?.lifecycle.startDraining();
    void app?.jobs.stop();
    app?.log.info({ signal, drenajeMs: drainMs }, 'apagando: drenaje en curso');
    const timer = setTimeout(() => {
      console.error('El cierre no terminó a tiempo: se fuerza la salida');
      process.exit(1);
    }, drainMs + CLOSE_BUDGET_MS).unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, drainMs));
      app?.log.info('drenaje terminado: cerrando');
      await app?.close();
      await database.close();
      await telemetry?.shutdown();
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
  // The address to open is PUBLIC_URL's (issue 24): the payment comes back there.
  app.log.info(
    { db: database.kind, geo: config.GEO_PROVIDER, address },
    `Compra Grupal lista en ${direccionParaAbrir(config.PUBLIC_URL, address)}`,
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
