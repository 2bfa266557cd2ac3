import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USUARIOS } from '../demo/demo-usuarios';
import { hashPassword } from '../modules/usuario/password';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Finding: a failed query logged its bound values (a password hash) and the request's query
 * string. The logger censors secrets and personal data; these tests read what was logged.
 */
describe('security: logs hold no secrets or personal data', () => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = () => lines.join('\n');
  let hash: string;

  beforeAll(async () => {
    hash = await hashPassword('una-clave-secreta');
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    // A route that fails inside the database with personal data among its bound values,
    // as a constraint or type error in a real query would.
    t.app.get('/api/prueba/falla-con-datos', async () => {
      await t.database.db.execute(
        sql`select ${hash}::int, ${DEMO_USUARIOS.comprador.email}::int, ${'+54 11 4567-1234'}::int`,
      );
      return {};
    });
  });
  afterAll(() => t.close());

  it('an unexpected database error answers 500 without internals and logs no values', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/prueba/falla-con-datos?email=ana%40ejemplo.com&token=abc123secreto',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.firma' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'ERROR_INTERNO' });
    expect(res.body).not.toContain('argon2');

    const log = logged();
    expect(log).toContain('error no controlado');
    expect(log).toContain('/api/prueba/falla-con-datos');
    expect(log).not.toContain(hash);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(DEMO_USUARIOS.comprador.email);
    expect(log).not.toContain('4567-1234');
    expect(log).not.toContain('ana@ejemplo.com');
    expect(log).not.toContain('ana%40ejemplo.com');
    expect(log).not.toContain('abc123secreto');
    expect(log).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('login and register bodies never reach the log', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: DEMO_USUARIOS.comprador.email, contrasenia: 'clave-equivocada-123' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/usuario/registrar',
      payload: {
        nombre: 'Ana',
        email: 'ana.nueva@ejemplo.com',
        contrasenia: 'otra-clave-456',
        telefono: '+54 11 5555-0000',
      },
    });
    const log = logged();
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [
      'clave-equivocada-123',
      'otra-clave-456',
      'ana.nueva@ejemplo.com',
      DEMO_USUARIOS.comprador.email,
      '5555-0000',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('a logged object with secret fields is censored at any of the first levels', () => {
    lines.length = 0;
    t.app.log.warn(
      {
        contrasenia: 'x1',
        usuario: { email: 'b@c.com', telefono: '1155550000', contraseniaHash: hash },
        sesion: { datos: { token: 'tok-secreto' } },
      },
      'prueba',
    );
    const log = logged();
    expect(log).toContain('[oculto]');
    for (const secret of ['x1"', 'b@c.com', '1155550000', hash, 'tok-secreto']) {
      expect(log).not.toContain(secret);
    }
  });
});
