import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry } from './telemetry';

/*
 * The built server (the API's build, then `node server.js`) as a child process, as an operator
 * runs it: the SIGTERM drain under load, and OpenTelemetry on and off. It is built into a
 * folder of its own (tsup.config.ts copies the migrations beside the bundle there too): the
 * end-to-end suite may be running the server from `dist/` at the same time.
 */

const apiRoot = resolve(import.meta.dirname, '..');
const distDir = join(apiRoot, '.test-dist', `server-${process.pid}`);
const dataDirs: string[] = [];

beforeAll(() => {
  execFileSync('npx', ['tsup', '--out-dir', distDir], { cwd: apiRoot, stdio: 'ignore' });
}, 120_000);
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  rmSync(distDir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  logs: string[];
}

/** Starts dist/server.js on a free loopback port with its own DATA_DIR (embedded PGlite). */
async function startBuiltServer(env: Record<string, string>): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-built-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [join(distDir, 'server.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    let pending = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        try {
          const entry = JSON.parse(line) as { address?: string };
          if (entry.address) done(entry.address);
        } catch {}
      }
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => logs.push(chunk));
    void exited.then((code) => fail(new Error(`el servidor salió (${code}): ${logs.join('\n')}`)));
  });
  return { child, url, exited, logs };
}

describe('SIGTERM drain of the built server', () => {
  it('keeps serving through the drain with ready at 503, reconnects sockets, finishes in-flight requests and exits 0', async () => {
    const drainMs = 3000;
    // The load is one address: the /api limit per address would answer it 429.
    const server = await startBuiltServer({
      SHUTDOWN_DRAIN_MS: String(drainMs),
      RATE_LIMIT_MAX: '1000000',
    });
    const { url } = server;
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

    const socket = connectSocket(url, { path: '/socket.io/', transports: ['websocket'] });
    await new Promise((done) => socket.once('connect', () => done(undefined)));
    const socketDisconnected = new Promise<string>((done) => socket.once('disconnect', done));

    // A load balancer's view: ready is polled; traffic goes on until it has seen ready fail
    // for a while (here a third of the drain), then stops.
    let sigtermAt = 0;
    let readyFailedAt = 0;
    let balancerSending = true;
    const readyDuringDrain: number[] = [];
    const balanced = { ok: 0, failed: 0, okAfterReadyFailed: 0, errors: new Set<string>() };
    /** Traffic that ignores readiness and keeps sending until the process exits. */
    let processAlive = true;
    const unbalanced = { ok: 0, failed: 0 };

    const poller = (async () => {
      while (processAlive) {
        const status = await fetch(`${url}/api/health/ready`).then(
          (res) => res.status,
          () => 0,
        );
        if (sigtermAt && status === 503 && !readyFailedAt) {
          readyFailedAt = Date.now();
          setTimeout(() => {
            balancerSending = false;
          }, drainMs / 3);
        }
        // Once it turned 503 it stays so (a check sent as the signal was sent may still be 200).
        if (readyFailedAt && status !== 0) readyDuringDrain.push(status);
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const balancedWorker = async () => {
      while (balancerSending) {
        try {
          const res = await fetch(`${url}/api/cobertura/obtenerCoberturas`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(String(res.status));
          balanced.ok += 1;
          if (readyFailedAt) balanced.okAfterReadyFailed += 1;
        } catch (error) {
          balanced.failed += 1;
          balanced.errors.add(String((error as Error).cause ?? (error as Error).message));
        }
      }
    };
    const unbalancedWorker = async () => {
      while (processAlive) {
        try {
          const res = await fetch(`${url}/api/cobertura/obtenerCoberturas`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(String(res.status));
          if (sigtermAt) unbalanced.ok += 1;
        } catch {
          if (sigtermAt) unbalanced.failed += 1;
          await new Promise((done) => setTimeout(done, 20));
        }
      }
    };
    const workers = [
      ...Array.from({ length: 6 }, balancedWorker),
      ...Array.from({ length: 2 }, unbalancedWorker),
    ];

    // A request still arriving when the drain ends: its body is sent across the close.
    const body = JSON.stringify({ email: 'nadie@ejemplo.com.ar', contrasenia: 'secreta123' });
    const inFlight = new Promise<string>((done) => {
      let received = '';
      const raw = connectTcp(Number(new URL(url).port), '127.0.0.1');
      raw.setEncoding('utf8');
      raw.on('data', (chunk: string) => {
        received += chunk;
      });
      raw.on('error', () => undefined);
      raw.on('close', () => done(received));
      const head =
        'POST /api/usuario/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
      setTimeout(() => {
        raw.write(head);
        const half = Math.floor(body.length / 2);
        raw.write(body.slice(0, half));
        // The rest after the drain is over, while the server is closing.
        setTimeout(() => raw.write(body.slice(half)), 1500);
      }, drainMs - 500);
    });

    await new Promise((done) => setTimeout(done, 500));
    sigtermAt = Date.now();
    server.child.kill('SIGTERM');

    const reason = await socketDisconnected;
    const reconnecting = socket.active;
    socket.disconnect();
    const inFlightAnswer = await inFlight;
    const code = await server.exited;
    const exitedAfterMs = Date.now() - sigtermAt;
    processAlive = false;
    await Promise.all([...workers, poller]);

    console.log(
      `drenaje de ${drainMs} ms bajo carga: readiness en 503 a los ${readyFailedAt - sigtermAt} ms; con balanceador ${balanced.ok} solicitudes bien (${balanced.okAfterReadyFailed} después del 503) y ${balanced.failed} fallidas; sin balanceador (siguen hasta la salida) ${unbalanced.ok} bien y ${unbalanced.failed} fallidas tras el SIGTERM; socket desconectado por '${reason}'; salida ${code} a los ${exitedAfterMs} ms del SIGTERM`,
    );
    expect(code).toBe(0);
    // Within the drain and the close's own limit (30 s), whatever the machine's load.
    expect(exitedAfterMs).toBeLessThan(drainMs + 30_000);
    expect(readyFailedAt - sigtermAt).toBeLessThan(drainMs);
    expect(readyDuringDrain.length).toBeGreaterThan(0);
    expect(readyDuringDrain.every((status) => status === 503)).toBe(true);
    expect({ failed: balanced.failed, errors: [...balanced.errors] }).toEqual({
      failed: 0,
      errors: [],
    });
    expect(balanced.okAfterReadyFailed).toBeGreaterThan(0);
    expect(inFlightAnswer).toMatch(/^HTTP\/1\.1 401 /);
    expect(inFlightAnswer).toMatch(/connection: close/i);
    // The transport closed (not the socket): a socket.io client reconnects on its own.
    expect(reason).toBe('transport close');
    expect(reconnecting).toBe(true);
  }, 120_000);
});

describe('OpenTelemetry', () => {
  it('off: nothing of OpenTelemetry is loaded (only a lazy chunk of the build names it)', async () => {
    let loaded = false;
    const telemetry = await startTelemetry(
      { OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_SERVICE_NAME: 'x' },
      async () => {
        loaded = true;
        throw new Error('no debía cargarse');
      },
    );
    expect(telemetry).toBeUndefined();
    expect(loaded).toBe(false);
    const server = readFileSync(join(distDir, 'server.js'), 'utf8');
    expect(server).not.toMatch(/from ["']@opentelemetry\//);
    expect(server).toMatch(/import\("\.\/telemetry-sdk-\w+\.js"\)/);
    const chunks = readdirSync(distDir).filter(
      (file) =>
        file.endsWith('.js') &&
        readFileSync(join(distDir, file), 'utf8').includes('@opentelemetry/'),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatch(/^telemetry-sdk-/);
  });

  it('on: a loopback OTLP receiver gets the span of a request', async () => {
    const received: { path: string; body: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ path: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const address = receiver.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const server = await startBuiltServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        SHUTDOWN_DRAIN_MS: '0',
      });
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
      // Shutting down flushes the spans still buffered.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const traces = received.filter((r) => r.path === '/v1/traces');
      expect(traces.length).toBeGreaterThan(0);
      expect(traces.map((r) => r.body).join('\n')).toContain('/api/health/live');
    } finally {
      await new Promise((done) => receiver.close(done));
    }
  }, 60_000);
});
