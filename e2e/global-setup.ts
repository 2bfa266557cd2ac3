import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfMissing, freePort, startServer } from './server-process';

/**
 * Starts the built app on a free port with a temporary DATA_DIR (embedded PGlite with demo
 * data, Google sign-in through the embedded local issuer), shares its address with the tests
 * through the environment, and stops it afterwards.
 */
export default async function globalSetup() {
  buildIfMissing();

  const dataDir = mkdtempSync(join(tmpdir(), 'cg-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess;
  try {
    server = await startServer(port, dataDir);
  } catch (error) {
    // No teardown runs after a failed setup.
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
