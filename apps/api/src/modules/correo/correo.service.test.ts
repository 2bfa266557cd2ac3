import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos, usuarios } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('correo: enqueued in a transaction, sent once by a job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps one message per clave and renders it when the job runs', async () => {
    const [usuario] = await t.database.db.select().from(usuarios).limit(1);
    const clave = `prueba:${Date.now()}`;
    const mensaje = {
      clave,
      para: 'persona@example.com',
      usuarioId: usuario?.id ?? null,
      plantilla: 'verificar-email' as const,
      datos: { enlace: 'http://localhost:3000/verificar?token=x' },
    };
    await t.app.services.withTransaction(async (repos) => {
      await t.app.services.correo.encolar(repos.ejecutor, mensaje);
      await t.app.services.correo.encolar(repos.ejecutor, mensaje);
    });
    const filas = await t.database.db.select().from(correos).where(eq(correos.clave, clave));
    expect(filas).toHaveLength(1);
    expect(filas[0]?.estado).toBe('pendiente');

    await t.app.jobs.runDue();
    const [enviado] = await t.database.db.select().from(correos).where(eq(correos.clave, clave));
    expect(enviado?.estado).toBe('enviado');
    expect(enviado?.asunto).toBe('Confirmá tu correo en Compra Grupal');
    expect(enviado?.texto).toContain('Confirmar mi correo');
  });

  it("drops a message its template refuses and never undoes the caller's transaction", async () => {
    const clave = `prueba-rota:${Date.now()}`;
    const [usuario] = await t.database.db.select().from(usuarios).limit(1);
    const escrito = await t.app.services.withTransaction(async (repos) => {
      await t.app.services.correo.encolar(repos.ejecutor, {
        clave,
        para: 'persona@example.com',
        usuarioId: null,
        plantilla: 'verificar-email',
        // A bug in a caller: the template wants a URL.
        datos: { nombre: 'Ana', enlace: 'no es una url' } as never,
      });
      // The event's own write after it still commits.
      return repos.usuario.findById(usuario?.id ?? '');
    });
    expect(escrito?.id).toBe(usuario?.id);
    expect(await t.database.db.select().from(correos).where(eq(correos.clave, clave))).toEqual([]);
  });
});
