import { afterEach, describe, expect, it } from 'vitest';
import { registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
});

const attempt = (app: TestApp['app'], email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/usuario/login',
    remoteAddress: ip,
    payload: { email, contrasenia: 'no-es-la-clave' },
  });

describe('rate limits on login, register and refresh', () => {
  it('limits wrong passwords per IP, with five times the per-pair room', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await attempt(t.app, uniqueEmail(), '10.1.1.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const limited = await attempt(t.app, uniqueEmail(), '10.1.1.1');
    expect(limited.json()).toMatchObject({ code: 'DEMASIADAS_SOLICITUDES' });
    // Another address is not affected.
    expect((await attempt(t.app, uniqueEmail(), '10.1.1.2')).statusCode).toBe(401);
  });

  it('limits wrong passwords per email and address tightly, and answers them slower', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    const email = uniqueEmail('objetivo');
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 4; i++) statuses.push((await attempt(t.app, email, '10.2.0.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The second and third wrong passwords waited 250 and 500 ms more.
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    // The same email from another address still has its own tries.
    expect((await attempt(t.app, email, '10.2.0.2')).statusCode).toBe(401);
  });

  it('limits wrong passwords per email from any address, more loosely', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    const email = uniqueEmail('objetivo');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await attempt(t.app, email, `10.2.1.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('lets through no more wrong passwords than the limit when they arrive together', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '3' });
    const email = uniqueEmail('objetivo');
    const app = t.app;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => attempt(app, email, '10.2.3.1').then((r) => r.statusCode)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
  });

  it('counts failures only: right passwords never run into the limit', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    const { email } = await registerAndLogin(t.app);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/usuario/login',
        remoteAddress: '10.2.2.1',
        payload: { email, contrasenia: 'secreta123' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits registrations and refreshes per IP too', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1' });
    const app = t.app;
    const refresh = () =>
      app.inject({ method: 'POST', url: '/api/usuario/refreshToken', remoteAddress: '10.3.0.1' });
    const registrar = () =>
      app.inject({
        method: 'POST',
        url: '/api/usuario/registrar',
        remoteAddress: '10.3.0.2',
        payload: {
          nombre: 'X',
          email: uniqueEmail(),
          contrasenia: 'secreta123',
          telefono: '1144445555',
        },
      });
    const refreshes: number[] = [];
    const registros: number[] = [];
    for (let i = 0; i < 6; i++) {
      refreshes.push((await refresh()).statusCode);
      registros.push((await registrar()).statusCode);
    }
    expect(refreshes).toEqual([401, 401, 401, 401, 401, 429]);
    expect(registros).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
