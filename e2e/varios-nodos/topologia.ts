import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import {
  type LoopbackBalancer,
  startLoopbackBalancer,
} from '../../apps/api/src/test/loopback-balancer';
import { startTestS3Server } from '../../apps/api/src/test/s3-server';
import { baseDeDatosPropia, borrarClavesDeRedis } from '../../apps/api/src/test/servicios-propios';
import { admin } from '../fixtures';
import { freePort, serverEntry, waitForHealth } from '../server-process';

/** A node of the topology: its port, its process, and how it ended once it did. */
export interface NodoEnMarcha {
  port: number;
  proceso: ChildProcess;
  /** Resolves with the exit code (or signal) once the process ends. */
  terminado: Promise<number | string>;
}

export interface Topologia {
  /** The balancer's address: what the browser and the tests talk to. */
  url: string;
  balanceador: LoopbackBalancer;
  nodos: NodoEnMarcha[];
  close(): Promise<void>;
}

/** The server URLs the run needs; without them the topology cannot be built. */
export function faltaParaLaTopologia(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'definí TEST_DATABASE_URL (PostgreSQL)';
  if (!process.env.TEST_REDIS_URL) return 'definí TEST_REDIS_URL (Redis)';
  return undefined;
}

/**
 * The reference deployment (compose.yaml) without containers, its nodes in production mode: a
 * database of its own on the PostgreSQL server, a key prefix of its own on Redis, an S3-compatible store (s3rver) on
 * loopback, two built app nodes sharing them, and a load balancer in front. `close()` stops
 * everything and removes the database, the keys and the files.
 */
export async function levantarTopologia({ nodos: cuantos = 2 } = {}): Promise<Topologia> {
  const postgresUrl = process.env.TEST_DATABASE_URL as string;
  const redisUrl = process.env.TEST_REDIS_URL as string;
  const id = randomBytes(4).toString('hex');
  const limpiezas: (() => Promise<unknown> | unknown)[] = [];
  const close = async () => {
    for (const limpiar of limpiezas.reverse()) await limpiar();
  };

  try {
    const base = await baseDeDatosPropia(postgresUrl, `cg_nodos_${id}`);
    limpiezas.push(base.borrar);
    const keyPrefix = `cg-nodos-${id}:`;
    limpiezas.push(() => borrarClavesDeRedis(redisUrl, keyPrefix));

    const directorio = mkdtempSync(join(tmpdir(), 'cg-nodos-'));
    limpiezas.push(() => rmSync(directorio, { recursive: true, force: true }));
    const s3 = await startTestS3Server('compra-grupal-nodos');
    limpiezas.push(() => s3.close());

    const puertos = await Promise.all(Array.from({ length: cuantos }, () => freePort()));
    const upstreams = puertos.map((port) => `http://127.0.0.1:${port}`);
    // The nodes build their payment links and notifications on PUBLIC_URL: the balancer's,
    // whose port is not known before it starts; it starts first, with no node ready yet.
    // Uploads are served from the bucket on the public origin, as deploy/Caddyfile does.
    const balanceador = await startLoopbackBalancer({ upstreams, uploads: s3.publicUrl });
    limpiezas.push(() => balanceador.close());
    const publicUrl = balanceador.url;
    const secretos = {
      JWT_SECRET: randomBytes(36).toString('base64url'),
      MP_TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      MP_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
      METRICS_TOKEN: randomBytes(24).toString('base64url'),
    };

    /** What every node runs with (the command line too, as an operator runs it). */
    const entornoDe = (port: number, i: number): NodeJS.ProcessEnv => ({
      ...process.env,
      ...secretos,
      // Production, as a public demo on one machine: the demo accounts and the sandbox of
      // Mercado Pago (DEMO_MODE), every secret given (none generated), no OpenAPI.
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      SEED_DEMO: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(directorio, `nodo-${i + 1}`),
      DATABASE_URL: base.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      ...s3.env,
      S3_PUBLIC_URL: `${publicUrl}/uploads`,
      TRUST_PROXY: '1',
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      SHUTDOWN_DRAIN_MS: '3000',
      // Drawn pages are kept until an event changes them: a test sees invalidation, not expiry.
      SSR_CACHE_TTL_MS: '600000',
    });
    const nodos = puertos.map((port, i): NodoEnMarcha => {
      const proceso = spawn(process.execPath, [serverEntry], {
        env: entornoDe(port, i),
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const terminado = new Promise<number | string>((resolve) =>
        proceso.once('exit', (code, signal) => resolve(code ?? signal ?? 'desconocido')),
      );
      return { port, proceso, terminado };
    });
    limpiezas.push(async () => {
      await Promise.all(
        nodos.map(async (nodo) => {
          if (nodo.proceso.exitCode === null && nodo.proceso.signalCode === null) {
            nodo.proceso.kill('SIGTERM');
          }
          await nodo.terminado;
        }),
      );
    });
    await Promise.all(
      nodos.map((nodo) => waitForHealth(`http://127.0.0.1:${nodo.port}`, nodo.proceso)),
    );
    await balanceador.checked();
    // The mailbox shows every message only to this machine itself: read on a node, not through
    // the balancer, which forwards as a visitor (docs/decisions/050).
    await crearEquipo(balanceador.url, `http://127.0.0.1:${nodos[0]?.port}`, entornoDe(0, 0));
    return { url: balanceador.url, balanceador, nodos, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The product team's account, made as an operator makes one in production (no demo admin is
 * seeded there): signed up through the API, its address confirmed with the verification mail
 * (read in the demo's mailbox, /dev/correos) and promoted with the command line.
 */
async function crearEquipo(url: string, buzon: string, entorno: NodeJS.ProcessEnv): Promise<void> {
  const registro = await fetch(`${url}/api/usuario/registrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      nombre: 'Equipo Compra Grupal',
      telefono: '+54 11 5555-0000',
      ...admin,
    }),
  });
  if (registro.status !== 201) throw new Error(`registrar al equipo: ${await registro.text()}`);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const lista = await (await fetch(`${buzon}/dev/correos`)).text();
        const fila = lista.split('<tr').find((f) => f.includes(admin.email));
        const id = fila?.match(/href="\/dev\/correos\/([^"]+)"/)?.[1];
        if (!id) return undefined;
        const correo = await (await fetch(`${buzon}/dev/correos/${id}`)).text();
        token = correo.match(/verificar-email\?token=([\w.~-]+)/)?.[1];
        return token;
      },
      { message: 'el correo de verificación del equipo', timeout: 30_000 },
    )
    .toBeTruthy();
  const verificado = await fetch(`${url}/api/usuario/verificar-email?token=${token}`);
  if (verificado.status !== 200) throw new Error(`verificar al equipo: ${await verificado.text()}`);
  const promovido = spawnSync(
    process.execPath,
    ['--import', 'tsx', ADMIN_CLI, 'promote', admin.email],
    {
      env: entorno,
      encoding: 'utf8',
    },
  );
  if (promovido.status !== 0) {
    throw new Error(`npm run admin -- promote: ${promovido.stderr || promovido.stdout}`);
  }
}

/** The product team's command line (`npm run admin`). */
const ADMIN_CLI = 'apps/api/src/cli/admin.cli.ts';
