import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * REDIS_URL names a Redis that is not there (down, or not up yet): the API starts and serves,
 * the per-address limit of /api lets requests through, sign-in is still limited (on this
 * node's own counts), and the log says so, once each, naming no secret.
 */
describe('limits with REDIS_URL unreachable', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      {
        REDIS_URL: `redis://:clave-de-redis@127.0.0.1:${await closedPort()}`,
        AUTH_RATE_LIMIT_MAX: '2',
        RATE_LIMIT_MAX: '1',
        LOG_LEVEL: 'info',
      },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t?.close());

  it('serves /api, limits sign-in per node, and logs the outage once', async () => {
    // RATE_LIMIT_MAX=1 would refuse the second request had it been counted anywhere.
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({ url: '/api/health', remoteAddress: '10.23.1.1' });
      expect(res.statusCode).toBe(200);
    }
    const email = uniqueEmail('objetivo');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/usuario/login',
        remoteAddress: '10.23.1.2',
        payload: { email, contrasenia: 'no-es-la-clave' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);

    const messages = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    const errors = messages.filter((m) => m.level >= 50).map((m) => m.msg);
    expect(errors.filter((m) => m.includes('no se pudo conectar con Redis'))).toHaveLength(1);
    expect(
      errors.filter((m) => m.includes('almacén compartido de límites no responde')),
    ).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('clave-de-redis');
  });
});
