import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { type LoggedIn, login, registerAndLogin } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

/** Every route that names a userId, with a valid request for that user. */
const routes: {
  name: string;
  request: (userId: string) => { method: 'GET' | 'POST'; url: string; payload?: object };
}[] = [
  {
    name: 'POST esVendedor',
    request: (userId) => ({ method: 'POST', url: '/api/usuario/esVendedor', payload: { userId } }),
  },
  {
    name: 'POST esRepartidor',
    request: (userId) => ({
      method: 'POST',
      url: '/api/usuario/esRepartidor',
      payload: { userId },
    }),
  },
  { name: 'GET usuario', request: (userId) => ({ method: 'GET', url: `/api/usuario/${userId}` }) },
  {
    name: 'GET telefono',
    request: (userId) => ({ method: 'GET', url: `/api/usuario/telefono/${userId}` }),
  },
  {
    name: 'POST telefono',
    request: (userId) => ({
      method: 'POST',
      url: `/api/usuario/telefono/${userId}`,
      payload: { telefono: '1144443333' },
    }),
  },
  {
    name: 'GET direccion',
    request: (userId) => ({ method: 'GET', url: `/api/direccion/${userId}` }),
  },
  {
    name: 'POST direccion',
    request: (userId) => ({
      method: 'POST',
      url: `/api/direccion/${userId}`,
      payload: {
        direccion: 'Gorriti 5000',
        latitud: -34.59,
        longitud: -58.43,
        provincia: 'CABA',
        ciudad: 'Palermo',
      },
    }),
  },
];

describe('ownership rule: a userId that is not the token’s own', () => {
  let t: TestApp;
  let owner: LoggedIn;
  let other: LoggedIn;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'jefa@compragrupal.com.ar' });
    owner = await registerAndLogin(t.app);
    other = await registerAndLogin(t.app);
    admin = await login(t.app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  it.each(routes)('$name: the owner is allowed', async ({ request }) => {
    const res = await t.app.inject({ ...request(owner.userId), headers: owner.auth });
    expect(res.statusCode).toBeLessThan(300);
  });

  it.each(routes)('$name: another user gets 403', async ({ request }) => {
    const res = await t.app.inject({ ...request(owner.userId), headers: other.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'No tienes permiso para acceder a este recurso',
      mensaje: 'No tienes permiso para acceder a este recurso',
      code: 'ACCESO_DENEGADO',
    });
  });

  it.each(routes)('$name: no token gets 401', async ({ request }) => {
    const res = await t.app.inject(request(owner.userId));
    expect(res.statusCode).toBe(401);
  });

  it.each(routes)('$name: an admin (stored role) is allowed', async ({ request }) => {
    const res = await t.app.inject({ ...request(owner.userId), headers: admin.auth });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('registering an ADMIN_EMAILS address gives no admin rights (only a verified Google sign-in does)', async () => {
    const jefa = await registerAndLogin(t.app, { email: 'jefa@compragrupal.com.ar' });
    const res = await t.app.inject({ ...routes[2]?.request(owner.userId), headers: jefa.auth });
    expect(res.statusCode).toBe(403);
  });

  it('an admin asking for a user that does not exist gets 404', async () => {
    const res = await t.app.inject({
      ...routes[2]?.request('0123456789abcdef01234567'),
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USUARIO_NO_ENCONTRADO');
  });
});
