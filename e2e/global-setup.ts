import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

const serverEntry = 'apps/api/dist/server.js';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
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
async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
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
 * Starts the built app on a free port with a temporary DATA_DIR (embedded PGlite with demo
 * data, Google sign-in through the embedded local issuer), shares its address with the tests
 * through the environment, and stops it afterwards.
 */
export default async function globalSetup() {
  if (!existsSync(serverEntry) || !existsSync('apps/web/dist/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('No se pudo construir la app');
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'cg-e2e-'));
  const port = await freePort();
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
      // Short-lived tokens: with the client's 30 s margin a token needs renewal after ~10 s,
      // so the journeys exercise silent renewal.
      ACCESS_TOKEN_TTL_SECONDS: '40',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    // No teardown runs after a failed setup: stop the server here instead of leaving it behind.
    if (server.exitCode === null) server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
