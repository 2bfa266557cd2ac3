import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect } from '@playwright/test';

export { freePort } from '../apps/api/src/test/puerto-libre';

/** The built server, as `npm start` runs it. */
export const serverEntry = 'apps/api/dist/server.js';

/** Builds the app unless the server and the web app are already built. */
export function buildIfMissing() {
  if (!existsSync(serverEntry) || !existsSync('apps/api/dist/web/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('No se pudo construir la app');
  }
}

/** 'listo' once it answers its health check, 'arrancando' before, or how it ended. */
async function serverState(baseUrl: string, server: ChildProcess): Promise<string> {
  if (server.exitCode !== null || server.signalCode !== null)
    return `terminó (${server.exitCode ?? server.signalCode})`;
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok ? 'listo' : 'arrancando';
  } catch {
    return 'arrancando'; // not listening yet
  }
}

/** Waits until the server answers its health check; fails as soon as it exits instead. */
export async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  await expect
    .poll(() => serverState(baseUrl, server), {
      message: 'El servidor no respondió a tiempo',
      // Starting on a busy machine (PGlite applies the migrations and the demo data) can take
      // more than a minute.
      timeout: 180_000,
      intervals: [100, 250],
    })
    .not.toBe('arrancando');
  const state = await serverState(baseUrl, server);
  if (state !== 'listo') throw new Error(`El servidor ${state}`);
}

/**
 * Starts the built app as the journeys' server: on `port` with its own `dataDir` (embedded
 * PGlite with demo data), high limits, Google sign-in through the local issuer and short-lived
 * tokens (with the client's 30 s margin a token needs renewal after ~10 s, so the journeys
 * exercise silent renewal). `env` adds or overrides. Answers once it is healthy.
 */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_RATE_LIMIT_MAX: '10000',
      PUBLIC_URL: baseUrl,
      GOOGLE_AUTH_MODE: 'local',
      ACCESS_TOKEN_TTL_SECONDS: '40',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    // Nothing else would stop it: a failed start leaves no server behind.
    if (server.exitCode === null) server.kill('SIGTERM');
    throw error;
  }
  return server;
}
