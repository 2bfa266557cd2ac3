import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';

/** One secret for every server this run starts, so tokens survive a restart on one DATA_DIR. */
const BENCH_JWT_SECRET = randomBytes(48).toString('hex');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * The real built server on a free loopback port over the given DATA_DIR. `env` adds settings
 * after the bench's own; a key set to undefined is left out of the server's environment.
 */
export async function startServer(
  dataDir: string,
  env: Record<string, string | undefined> = {},
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const serverEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '100000000',
    AUTH_RATE_LIMIT_MAX: '100000',
    NODE_ENV: 'production',
    // What production refuses to start without (apps/api/src/config.ts).
    PUBLIC_URL: 'https://bench.compragrupal.invalid',
    JWT_SECRET: BENCH_JWT_SECRET,
    // Nothing listens there: a message fails and waits for its retry, off the measured path.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ...env,
  };
  for (const [key, value] of Object.entries(serverEnv))
    if (value === undefined) delete serverEnv[key];
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: serverEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('el servidor no respondió a tiempo');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
