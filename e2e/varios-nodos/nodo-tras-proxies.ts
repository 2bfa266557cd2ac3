import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { iniciarProxyDeFallas, type ProxyDeFallas } from '../../apps/api/src/test/proxy-de-fallas';
import { baseDeDatosPropia, borrarClavesDeRedis } from '../../apps/api/src/test/servicios-propios';
import { freePort, serverEntry, waitForHealth } from '../server-process';

export interface NodoTrasProxies {
  url: string;
  proceso: ChildProcess;
  /** Between the node and PostgreSQL, and between the node and Redis. */
  postgres: ProxyDeFallas;
  redis: ProxyDeFallas;
  /** The last of what the node wrote to its standard error (a fatal error, if any). */
  errores(): string;
  /** The token of its GET /metrics. */
  metricsToken: string;
  close(): Promise<void>;
}

/** The limits the node runs with: short, so that a fault shows within the test's time. */
export const LIMITES_DEL_NODO = {
  DATABASE_CONNECT_TIMEOUT_MS: 1_000,
  DATABASE_STATEMENT_TIMEOUT_MS: 2_000,
};

/**
 * One built node in production mode (the settings production demands: its own secrets, a
 * public address that is not this machine, an SMTP server) whose PostgreSQL and Redis are
 * reached through fault proxies (apps/api/src/test/proxy-de-fallas.ts), on a database and a
 * Redis key prefix of its own, removed on close.
 */
export async function levantarNodoTrasProxies(): Promise<NodoTrasProxies> {
  const postgresUrl = process.env.TEST_DATABASE_URL as string;
  const redisUrl = process.env.TEST_REDIS_URL as string;
  const id = randomBytes(4).toString('hex');
  const limpiezas: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const limpiar of limpiezas.reverse()) await limpiar();
  };
  try {
    const base = await baseDeDatosPropia(postgresUrl, `cg_fallas_${id}`);
    limpiezas.push(base.borrar);
    const databaseUrl = new URL(base.url);
    const keyPrefix = `cg-fallas-${id}:`;
    limpiezas.push(() => borrarClavesDeRedis(redisUrl, keyPrefix));

    const postgres = await iniciarProxyDeFallas({
      host: databaseUrl.hostname,
      port: Number(databaseUrl.port || 5432),
    });
    limpiezas.push(() => postgres.close());
    const redisDestino = new URL(redisUrl);
    const redis = await iniciarProxyDeFallas({
      host: redisDestino.hostname,
      port: Number(redisDestino.port || 6379),
    });
    limpiezas.push(() => redis.close());

    const directorio = mkdtempSync(join(tmpdir(), 'cg-fallas-'));
    limpiezas.push(() => rmSync(directorio, { recursive: true, force: true }));
    const port = await freePort();
    const metricsToken = randomBytes(24).toString('base64url');
    const proceso = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: directorio,
        DATABASE_URL: postgres.url(databaseUrl.href),
        REDIS_URL: redis.url(redisUrl),
        REDIS_KEY_PREFIX: keyPrefix,
        PUBLIC_URL: 'https://compra-grupal.example',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        // Nothing listens there: the few mails of the test wait in their jobs.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        METRICS_TOKEN: metricsToken,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '1000000',
        AUTH_RATE_LIMIT_MAX: '1000000',
        SHUTDOWN_DRAIN_MS: '0',
        ...Object.fromEntries(
          Object.entries(LIMITES_DEL_NODO).map(([clave, valor]) => [clave, String(valor)]),
        ),
      },
      // The faults make it log a lot: its log stays out of the test's output, and what it wrote
      // to standard error (a crash's last words) is kept for the assertions.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proceso.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-200_000);
    });
    const terminado = new Promise<void>((resolve) => proceso.once('exit', () => resolve()));
    limpiezas.push(async () => {
      if (proceso.exitCode === null && proceso.signalCode === null) proceso.kill('SIGTERM');
      await terminado;
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, proceso);
    return {
      url,
      proceso,
      postgres,
      redis,
      errores: () => stderr,
      metricsToken,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
