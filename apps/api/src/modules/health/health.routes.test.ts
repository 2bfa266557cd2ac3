import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, expectedDbKind, type TestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers ok with the kind of database after a real query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, db: expectedDbKind() });
  });

  it('answers 503 with the error shape when the database does not respond', async () => {
    t.database.ping = async () => {
      throw new Error('conexión perdida');
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'La base de datos no responde',
      mensaje: 'La base de datos no responde',
      code: 'BASE_DE_DATOS_NO_DISPONIBLE',
    });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const noListo = (mensaje: string) => ({ error: mensaje, mensaje, code: 'SERVICIO_NO_LISTO' });

  it('live answers while the process runs; ready when the database answers and is migrated', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ vivo: true });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ listo: true, db: expectedDbKind() });
  });

  it('ready is 503 while draining; live and the old health stay 200', async () => {
    t.app.lifecycle.startDraining();
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(
      noListo('El servidor se está apagando: envía el tráfico a otro nodo'),
    );
    expect(ready.headers.connection).toBe('close');
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('ready is 503 when a committed migration is not applied', async () => {
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual(noListo('Faltan aplicar 1 migraciones de la base de datos'));
  });

  it('ready is 503 when the database does not respond', async () => {
    t.database.ping = async () => {
      throw new Error('conexión perdida');
    };
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().code).toBe('BASE_DE_DATOS_NO_DISPONIBLE');
  });
});
