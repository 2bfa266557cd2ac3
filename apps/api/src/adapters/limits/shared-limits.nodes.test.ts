import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { MAX_CONEXIONES_ANONIMAS_POR_IP } from '../../realtime/socket-server';
import { uniqueEmail } from '../../test/auth-helpers';
import { openTestDatabase } from '../../test/test-database';

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** The limits these nodes run with: 10 wrong passwords per email and address, 40 requests. */
const AUTH_RATE_LIMIT_MAX = 10;
const RATE_LIMIT_MAX = 40;
const TIMEOUT = 90_000;

interface Nodes {
  apps: FastifyInstance[];
  /** What the nodes logged at error level (a shared store that failed says so there). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * Three API nodes as an operator runs them: three apps, each with its own connection pool to
 * one database (on PGlite, without a server, they share the one in-process handle), and, with
 * `redisUrl`, one Redis under one key prefix of their own.
 */
async function threeNodes(redis?: { url: string; prefix: string }): Promise<Nodes> {
  const first = await openTestDatabase({ content: 'seeded' });
  const handles: DatabaseHandle[] = [first];
  if (first.kind === 'postgres' && serverUrl) {
    const { rows } = (await first.db.execute(sql`select current_database() as nombre`)) as {
      rows: { nombre: string }[];
    };
    const url = new URL(serverUrl);
    url.pathname = `/${rows[0]?.nombre}`;
    for (let i = 0; i < 2; i += 1) {
      handles.push(await openDatabase({ kind: 'postgres', url: url.toString() }));
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'cg-api-nodos-'));
  const apps: FastifyInstance[] = [];
  const errors: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      DATA_DIR: join(dataDir, `nodo-${i}`),
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX),
      RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
      ...(redis
        ? {
            REDIS_URL: redis.url,
            REDIS_KEY_PREFIX: redis.prefix,
            // What is proven here is the sharing; a loaded CI machine can take longer than the
            // production wait (200 ms) to answer, which opens the circuit (interruptor.test.ts
            // proves that part).
            REDIS_COMMAND_TIMEOUT_MS: '3000',
          }
        : {}),
    });
    const database = handles[i] ?? first;
    const app = await buildApp({
      config,
      database,
      logStream: { write: (line: string) => void errors.push(line) },
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    errors,
    close: async () => {
      for (const app of apps) await app.close();
      // The first handle drops the test database: it closes last.
      for (const handle of handles.slice(1)) await handle.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** 35 wrong passwords for one account from one address, round-robin over the nodes. */
async function wrongLoginsRoundRobin(apps: FastifyInstance[]): Promise<number[]> {
  const email = uniqueEmail('objetivo');
  const registro = await apps[0]?.inject({
    method: 'POST',
    url: '/api/usuario/registrar',
    remoteAddress: '10.23.9.9',
    payload: { nombre: 'Ana Pérez', email, contrasenia: 'secreta123', telefono: '1155554444' },
  });
  expect(registro?.statusCode, registro?.body).toBe(201);
  const statuses: number[] = [];
  for (let i = 0; i < 35; i += 1) {
    const node = apps[i % apps.length] as FastifyInstance;
    const res = await node.inject({
      method: 'POST',
      url: '/api/usuario/login',
      remoteAddress: '10.23.0.1',
      payload: { email, contrasenia: 'no-es-la-clave' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** 30 wrong passwords for one account from one address sent at once, spread over the nodes. */
async function wrongLoginsTogether(apps: FastifyInstance[]): Promise<number[]> {
  const email = uniqueEmail('objetivo');
  const registro = await apps[0]?.inject({
    method: 'POST',
    url: '/api/usuario/registrar',
    remoteAddress: '10.23.9.9',
    payload: { nombre: 'Ana Pérez', email, contrasenia: 'secreta123', telefono: '1155554444' },
  });
  expect(registro?.statusCode, registro?.body).toBe(201);
  return Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const node = apps[i % apps.length] as FastifyInstance;
      const res = await node.inject({
        method: 'POST',
        url: '/api/usuario/login',
        remoteAddress: '10.23.0.3',
        payload: { email, contrasenia: 'no-es-la-clave' },
      });
      return res.statusCode;
    }),
  );
}

/** RATE_LIMIT_MAX + 3 requests from one address to /api, round-robin over the nodes. */
async function requestsRoundRobin(apps: FastifyInstance[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < RATE_LIMIT_MAX + 3; i += 1) {
    const node = apps[i % apps.length] as FastifyInstance;
    const res = await node.inject({ url: '/api/health', remoteAddress: '10.23.0.2' });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** Connects an anonymous socket to a node; answers the connect_error's message if refused. */
function openSocket(address: string, opened: Socket[]): Promise<string> {
  const socket = connect(address, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('conectado'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/**
 * One address's anonymous sockets spread over the nodes: the cap holds for all of them
 * together, and a place freed on one node is taken on another.
 */
async function socketsAcrossNodes(apps: FastifyInstance[]) {
  const addresses: string[] = [];
  for (const app of apps) addresses.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  const at = (i: number) => addresses[i % addresses.length] as string;
  const opened: Socket[] = [];
  try {
    const first = await Promise.all(
      Array.from({ length: MAX_CONEXIONES_ANONIMAS_POR_IP }, (_, i) => openSocket(at(i), opened)),
    );
    expect(first).toEqual(Array(MAX_CONEXIONES_ANONIMAS_POR_IP).fill('conectado'));
    for (let i = 0; i < addresses.length; i += 1) {
      expect(await openSocket(at(i), opened)).toBe('DEMASIADAS_CONEXIONES');
    }
    // One leaves node 0; its place is free on node 1 once node 0 has let it go.
    opened[0]?.disconnect();
    const deadline = Date.now() + 10_000;
    let again = await openSocket(at(1), opened);
    while (again === 'DEMASIADAS_CONEXIONES' && Date.now() < deadline) {
      again = await openSocket(at(1), opened);
    }
    expect(again).toBe('conectado');
    expect(await openSocket(at(2), opened)).toBe('DEMASIADAS_CONEXIONES');
  } finally {
    for (const socket of opened) socket.disconnect();
  }
}

function expectSharedLimits(nodes: Nodes, logins: number[], requests: number[]) {
  // A shared store that failed (a saturated test server: 'too many clients') counted in memory.
  expect(nodes.errors).toEqual([]);
  // The 11th wrong password is refused, and so is every later one on whichever node.
  expect(logins.filter((status) => status === 401).length).toBe(AUTH_RATE_LIMIT_MAX);
  expect(logins).toEqual([
    ...Array(AUTH_RATE_LIMIT_MAX).fill(401),
    ...Array(35 - AUTH_RATE_LIMIT_MAX).fill(429),
  ]);
  expect(requests).toEqual([...Array(RATE_LIMIT_MAX).fill(200), 429, 429, 429]);
}

describe.skipIf(!serverUrl)('limits shared by three nodes on PostgreSQL', () => {
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await threeNodes();
  });
  afterAll(() => nodes?.close());

  it(
    'refuses the 11th wrong login and the request past the /api limit on any node',
    async () => {
      const logins = await wrongLoginsRoundRobin(nodes.apps);
      const requests = await requestsRoundRobin(nodes.apps);
      expectSharedLimits(nodes, logins, requests);
      // They counted in the database, and no email or address is kept there in clear.
      const { rows } = (await (nodes.apps[0] as FastifyInstance).database.db.execute(
        sql`select clave from contadores_de_limite`,
      )) as { rows: { clave: string }[] };
      expect(rows.map((row) => row.clave)).toContain('api:10.23.0.2');
      expect(rows.some((row) => row.clave.startsWith('limite:login-par:'))).toBe(true);
      expect(rows.some((row) => row.clave.includes('@'))).toBe(false);
    },
    TIMEOUT,
  );

  it(
    'caps an address’s sockets on all nodes together',
    () => socketsAcrossNodes(nodes.apps),
    TIMEOUT,
  );

  it(
    'lets 10 of 30 wrong logins sent at once to the three nodes through',
    async () => {
      const statuses = await wrongLoginsTogether(nodes.apps);
      expect(nodes.errors).toEqual([]);
      expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMIT_MAX);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - AUTH_RATE_LIMIT_MAX);
    },
    TIMEOUT,
  );
});

describe.skipIf(!redisUrl)('limits shared by three nodes through Redis', () => {
  const prefix = `cg-test-${randomBytes(6).toString('hex')}:`;
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await threeNodes({ url: redisUrl ?? '', prefix });
  });
  afterAll(async () => {
    await nodes?.close();
    const redis = new Redis(redisUrl ?? '');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it(
    'refuses the 11th wrong login and the request past the /api limit on any node',
    async () => {
      const logins = await wrongLoginsRoundRobin(nodes.apps);
      const requests = await requestsRoundRobin(nodes.apps);
      expectSharedLimits(nodes, logins, requests);
      // They counted in Redis under the nodes' prefix.
      const redis = new Redis(redisUrl ?? '');
      const keys = await redis.keys(`${prefix}*`).finally(() => redis.quit());
      expect(keys).toContain(`${prefix}api:10.23.0.2`);
      expect(keys.some((key) => key.startsWith(`${prefix}limite:login-par:`))).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'caps an address’s sockets on all nodes together',
    () => socketsAcrossNodes(nodes.apps),
    TIMEOUT,
  );

  it(
    'lets 10 of 30 wrong logins sent at once to the three nodes through',
    async () => {
      const statuses = await wrongLoginsTogether(nodes.apps);
      expect(nodes.errors).toEqual([]);
      expect(statuses.filter((status) => status === 401)).toHaveLength(AUTH_RATE_LIMIT_MAX);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - AUTH_RATE_LIMIT_MAX);
    },
    TIMEOUT,
  );
});
