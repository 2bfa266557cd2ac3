import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Real slow clients on loopback against the real server: timeouts, the per-address cap and the
 * 429s that close keep-alive connections.
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function listen(env: Record<string, string>) {
  t = await createTestApp(env);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t.app, port: Number(new URL(address).port) };
}

const openFds = () => readdirSync('/proc/self/fd').length;

/** Waits until `check` holds, looking again every 50 ms (a hang guard, not a budget). */
async function until(check: () => boolean, what: () => string, limitMs = 90_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > limitMs) throw new Error(`no se cumplió: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A raw client: what the server sent, and when it closed the socket. */
function rawClient(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  const state = { received: '', closedAt: 0 };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    state.received += chunk;
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    state.closedAt = Date.now();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return { socket, state, closed };
}

const LOGIN_BODY = JSON.stringify({ email: 'lenta@ejemplo.com.ar', contrasenia: 'secreta123' });
const loginHead = () =>
  'POST /api/usuario/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${Buffer.byteLength(LOGIN_BODY)}\r\n\r\n`;

describe('timeouts', () => {
  it('answers 408 with the error body and closes the socket when a body arrives at 1 byte a second', async () => {
    const { port } = await listen({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' });
    const { socket, state, closed } = rawClient(port);
    const start = Date.now();
    socket.write(loginHead());
    let sent = 0;
    const dribble = setInterval(() => {
      if (socket.destroyed || sent >= LOGIN_BODY.length) return;
      socket.write(LOGIN_BODY[sent++] as string);
    }, 1000);
    await closed;
    clearInterval(dribble);
    const elapsed = state.closedAt - start;
    console.log(
      `cliente lento: 408 y socket cerrado a los ${elapsed} ms (límite 2000 ms), ${sent} bytes del cuerpo enviados`,
    );
    expect(state.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(state.received).toMatch(/Connection: close/i);
    const body = JSON.parse(state.received.slice(state.received.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      error: 'La solicitud tardó demasiado',
      mensaje: 'La solicitud tardó demasiado',
      code: 'TIEMPO_AGOTADO',
    });
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    // Closed by the deadline, long before the body could have arrived (a byte a second).
    expect(sent).toBeLessThan(LOGIN_BODY.length);
  });

  it('answers 408 when the headers never finish arriving', async () => {
    const { port } = await listen({ REQUEST_TIMEOUT_MS: '3000', HEADERS_TIMEOUT_MS: '1000' });
    const { socket, state, closed } = rawClient(port);
    const start = Date.now();
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const dribble = setInterval(() => {
      if (!socket.destroyed) socket.write('X');
    }, 300);
    await closed;
    clearInterval(dribble);
    expect(state.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(state.closedAt - start).toBeGreaterThanOrEqual(1000);
    // The headers' deadline, not the request's (3 s).
    expect(state.closedAt - start).toBeLessThan(3000);
  });

  it('closes a connection that stays silent past CONNECTION_TIMEOUT_MS', async () => {
    const { port } = await listen({ CONNECTION_TIMEOUT_MS: '1000' });
    const { state, closed } = rawClient(port);
    const start = Date.now();
    await closed;
    expect(state.received).toBe('');
    expect(state.closedAt - start).toBeGreaterThanOrEqual(900);
    expect(state.closedAt - start).toBeLessThan(5000);
  });
});

/**
 * Opens `count` connections to the server from a child process (so that this process's file
 * descriptors are the server's alone), each sending a login's headers and then nothing more.
 * Reports on stdout, one line per event: `opened N` once every connection is up, then
 * `closed N` each time more were closed by the server.
 */
function floodFromChild(port: number, count: number) {
  const script = `
    const net = require('node:net');
    let opened = 0, closed = 0;
    const head = ${JSON.stringify(loginHead())};
    for (let i = 0; i < ${count}; i++) {
      const s = net.connect({ port: ${port}, host: '127.0.0.1' }, () => {
        s.write(head);
        if (++opened === ${count}) console.log('opened ' + opened);
      });
      s.on('error', () => {});
      // Reading is what lets a client see the server's 408 and its close.
      s.resume();
      s.on('close', () => { closed++; console.log('closed ' + closed); });
    }
    process.stdin.on('data', () => process.exit(0));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const progress = { opened: 0, closed: 0 };
  let pending = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [what, n] = line.split(' ');
      if (what === 'opened') progress.opened = Number(n);
      if (what === 'closed') progress.closed = Math.max(progress.closed, Number(n));
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    progress,
    stop: async () => {
      child.stdin.write('fin\n');
      await exited;
    },
  };
}

describe('connections per address', () => {
  const flood = 2000;

  it('a flood of 2,000 slow connections from one address: past the cap each is closed at once', async () => {
    const cap = 50;
    const { app, port } = await listen({
      MAX_CONNECTIONS_PER_IP: String(cap),
      REQUEST_TIMEOUT_MS: '4000',
      HEADERS_TIMEOUT_MS: '4000',
    });
    const openConnections = () => app.metrics.sources.conexionesHttp?.() ?? -1;
    const before = openFds();
    const start = Date.now();
    const clients = floodFromChild(port, flood);
    try {
      await until(
        () => clients.progress.closed === flood - cap && openConnections() === cap,
        () =>
          `las de más cerradas (${JSON.stringify(clients.progress)}, ${openConnections()} abiertas)`,
      );
      const peak = openFds();
      console.log(
        `inundación de ${flood} conexiones lentas desde una dirección, tope ${cap}: descriptores del servidor ${before} antes, ${peak} durante (${flood - cap} cerradas al aceptarlas en ${Date.now() - start} ms)`,
      );
      expect(peak - before).toBeLessThanOrEqual(cap + 5);
      // The ones let in never finish their request: REQUEST_TIMEOUT_MS answers them 408.
      await until(
        () => clients.progress.closed === flood,
        () => `el servidor cerró todas (${JSON.stringify(clients.progress)})`,
      );
      const after = openFds();
      console.log(
        `  y ${after} descriptores a los ${Date.now() - start} ms, cuando REQUEST_TIMEOUT_MS (4000) cerró las ${cap} admitidas`,
      );
      expect(openConnections()).toBe(0);
      expect(after - before).toBeLessThanOrEqual(5);
    } finally {
      await clients.stop();
    }
  }, 180_000);

  it('with a cap above the flood, the server holds one descriptor per slow connection until the timeout', async () => {
    const { app, port } = await listen({
      MAX_CONNECTIONS_PER_IP: '5000',
      // Else past the /api limit the logins are answered 429, and those close (see below).
      RATE_LIMIT_MAX: '100000',
      REQUEST_TIMEOUT_MS: '12000',
      HEADERS_TIMEOUT_MS: '12000',
    });
    const openConnections = () => app.metrics.sources.conexionesHttp?.() ?? -1;
    const before = openFds();
    const start = Date.now();
    const clients = floodFromChild(port, flood);
    try {
      await until(
        () => openConnections() === flood,
        () =>
          `el servidor aceptó todas (${openConnections()}, ${JSON.stringify(clients.progress)})`,
      );
      const peak = openFds();
      await until(
        () => clients.progress.closed === flood,
        () => `el servidor cerró todas (${JSON.stringify(clients.progress)})`,
      );
      const after = openFds();
      console.log(
        `sin tope efectivo: descriptores del servidor ${before} antes, ${peak} con ${flood} conexiones lentas, ${after} a los ${Date.now() - start} ms (REQUEST_TIMEOUT_MS 12000)`,
      );
      expect(peak - before).toBeGreaterThanOrEqual(flood);
      expect(after - before).toBeLessThanOrEqual(5);
    } finally {
      await clients.stop();
    }
  }, 180_000);
});

describe('429 and keep-alive', () => {
  it('past RATE_LIMIT_CLOSE_AFTER refusals, a 429 closes the connection', async () => {
    const { port } = await listen({ RATE_LIMIT_MAX: '2', RATE_LIMIT_CLOSE_AFTER: '2' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: Socket[] = [];
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; socket: Socket }>(
        (resolve, reject) => {
          const req = http.get({ port, host: '127.0.0.1', path: '/api/health', agent }, (res) => {
            const socket = res.socket;
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket }),
            );
          });
          req.on('error', reject);
        },
      );
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const answer = await get();
      answers.push(answer);
      if (!sockets.includes(answer.socket)) sockets.push(answer.socket);
    }
    agent.destroy();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429, 429, 429]);
    expect(answers.map((a) => a.connection)).toEqual([
      'keep-alive',
      'keep-alive',
      'keep-alive',
      'keep-alive',
      'close',
    ]);
    // One keep-alive connection carried all five; the fifth answer closed it.
    expect(sockets).toHaveLength(1);
  });
});
