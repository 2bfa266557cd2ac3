import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correos, preferenciasDeAviso, trabajos } from '../../db/schema';
import { DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { createTestClock } from '../../lib/clock';
import { uniqueEmail } from '../../test/auth-helpers';
import { agregarPlantillasDePrueba } from '../../test/plantillas-de-prueba';
import { type SmtpDePrueba, startSmtpDePrueba } from '../../test/smtp-de-prueba';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_INTENTOS_CORREO, TRABAJO_ENVIAR_CORREO } from './correo.service';
import type { NombreDePlantilla } from './plantillas';

describe('correo over a real SMTP server on loopback', () => {
  let smtp: SmtpDePrueba;
  let t: TestApp;
  const clock = createTestClock(new Date());
  // Templates of the test's own (the real ones arrive with the transactional messages).
  const pruebas = agregarPlantillasDePrueba();
  const { noEsencial: NO_ESENCIAL, esencial: ESENCIAL } = pruebas;

  beforeAll(async () => {
    smtp = await startSmtpDePrueba();
    t = await createTestApp(
      { SMTP_URL: smtp.url, MAIL_FROM: 'Avisos de Compra Grupal <avisos@compragrupal.com.ar>' },
      { clock },
    );
  });
  afterAll(async () => {
    pruebas.quitar();
    await t?.close();
    await smtp?.close();
  });

  /** Enqueues one email as a service would, in a transaction of its own. */
  async function encolar(
    plantilla: NombreDePlantilla,
    {
      para = uniqueEmail(),
      usuarioId = DEMO_USUARIOS.comprador.id,
      nombre = 'Lucía',
    }: { para?: string; usuarioId?: string; nombre?: string } = {},
  ) {
    const clave = `prueba:${plantilla}:${para}`;
    await t.app.services.withTransaction(async (repos) => {
      await t.app.services.correo.encolar(repos.ejecutor, {
        clave,
        para,
        usuarioId,
        plantilla,
        datos: {
          nombre,
          enlace: 'http://localhost:3000/verificar-email?token=abc',
        } as never,
      });
    });
    const [fila] = await t.database.db.select().from(correos).where(eq(correos.clave, clave));
    if (!fila) throw new Error('no se guardó el correo');
    return { para, fila };
  }
  const fila = async (id: string) =>
    (await t.database.db.select().from(correos).where(eq(correos.id, id)))[0];
  const recibidosPor = (para: string) => smtp.recibidos.filter((m) => m.sobre.para.includes(para));
  const trabajoDe = async (correoId: string) =>
    (
      await t.database.db
        .select()
        .from(trabajos)
        .where(
          and(eq(trabajos.tipo, TRABAJO_ENVIAR_CORREO), eq(trabajos.clave, `correo:${correoId}`)),
        )
    )[0];

  it('delivers a message once: recipient, subject, From, Message-ID, HTML and text', async () => {
    const para = uniqueEmail('verificar');
    await t.app.services.withTransaction(async (repos) => {
      await t.app.services.correo.encolar(repos.ejecutor, {
        clave: `prueba:verificar:${para}`,
        para,
        usuarioId: null,
        plantilla: 'verificar-email',
        datos: { enlace: 'http://localhost:3000/verificar-email?token=xyz' },
      });
    });
    await t.app.jobs.runDue();
    const [correo] = await t.database.db
      .select()
      .from(correos)
      .where(eq(correos.clave, `prueba:verificar:${para}`));
    expect(correo?.estado).toBe('enviado');
    await t.app.jobs.runDue();
    const recibidos = recibidosPor(para);
    expect(recibidos).toHaveLength(1);
    const [mensaje] = recibidos;
    expect(mensaje?.sobre).toEqual({ de: 'avisos@compragrupal.com.ar', para: [para] });
    expect(mensaje?.para).toBe(para);
    expect(mensaje?.asunto).toBe('Confirmá tu correo en Compra Grupal');
    expect(mensaje?.de).toBe('Avisos de Compra Grupal <avisos@compragrupal.com.ar>');
    expect(mensaje?.encabezados['message-id']).toBe(`<${correo?.id}@localhost>`);
    expect(correo?.idExterno).toBe(`<${correo?.id}@localhost>`);
    // Gone through SMTP: the row keeps the subject, not the link it carried.
    expect(correo?.asunto).toBe('Confirmá tu correo en Compra Grupal');
    expect([correo?.html, correo?.texto, correo?.datos]).toEqual([null, null, {}]);
    expect(mensaje?.html).toContain('href="http://localhost:3000/verificar-email?token=xyz"');
    // The address is not verified yet: nothing its registrant typed, not even a name.
    expect(mensaje?.texto).toContain('Hola:');
    expect(mensaje?.texto).toContain('Confirmar mi correo');
    expect(mensaje?.texto).toContain('http://localhost:3000/verificar-email?token=xyz');
    // Essential: no unsubscribe link, no List-Unsubscribe.
    expect(mensaje?.encabezados['list-unsubscribe']).toBeUndefined();
    expect(mensaje?.html).not.toContain('Dejar de recibir');
  });

  it('retries a refusal for now (4xx) with backoff, then delivers it exactly once', async () => {
    smtp.rechazar(451);
    const { para, fila: correo } = await encolar(ESENCIAL);
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(0);
    expect((await fila(correo.id))?.estado).toBe('pendiente');
    const trabajo = await trabajoDe(correo.id);
    expect(trabajo).toMatchObject({ estado: 'pendiente', intentos: 1 });
    expect(trabajo?.ultimoError).toContain('SMTP 451');
    expect(trabajo?.ultimoError).not.toContain(para);

    // Not before its backoff.
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(0);
    clock.advance(5_000);
    await t.app.jobs.runDue();
    clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(1);
    expect((await fila(correo.id))?.estado).toBe('enviado');
    expect(await trabajoDe(correo.id)).toMatchObject({ estado: 'hecho', intentos: 2 });
  });

  it('fails a permanent refusal (5xx) at once and marks the message fallido', async () => {
    smtp.rechazar(550);
    const { para, fila: correo } = await encolar(ESENCIAL);
    await t.app.jobs.runDue();
    clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(0);
    const guardado = await fila(correo.id);
    expect(guardado?.estado).toBe('fallido');
    expect(guardado?.asunto).toBe('Aviso de prueba para Lucía');
    const trabajo = await trabajoDe(correo.id);
    expect(trabajo).toMatchObject({ estado: 'fallido', intentos: 1 });
    expect(trabajo?.ultimoError).toContain('SMTP 550');
  });

  it('marks the message fallido when its last attempt fails for now too', async () => {
    smtp.rechazar(421, MAX_INTENTOS_CORREO);
    const { para, fila: correo } = await encolar(ESENCIAL);
    for (let intento = 0; intento < MAX_INTENTOS_CORREO; intento++) {
      await t.app.jobs.runDue();
      clock.advance(60 * 60_000);
    }
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(0);
    expect((await fila(correo.id))?.estado).toBe('fallido');
    expect(await trabajoDe(correo.id)).toMatchObject({
      estado: 'fallido',
      intentos: MAX_INTENTOS_CORREO,
    });
  });

  it('a resend after a lost update carries the same Message-ID (the receiver dedupes)', async () => {
    const { para, fila: correo } = await encolar(ESENCIAL);
    const [antes] = await t.database.db.select().from(correos).where(eq(correos.id, correo.id));
    await t.app.jobs.runDue();
    // As if the process died after the server accepted it and before the row said so.
    await t.database.db
      .update(correos)
      .set({ estado: 'pendiente', asunto: null, datos: antes?.datos })
      .where(eq(correos.id, correo.id));
    await t.app.jobs.enqueue(t.database.db, {
      tipo: TRABAJO_ENVIAR_CORREO,
      payload: { correoId: correo.id },
      clave: `correo:${correo.id}:otra-vez`,
    });
    await t.app.jobs.runDue();
    const recibidos = recibidosPor(para);
    expect(recibidos).toHaveLength(2);
    expect(recibidos[1]?.encabezados['message-id']).toBe(recibidos[0]?.encabezados['message-id']);
  });

  it('the link (GET) asks and changes nothing; its button (POST) unsubscribes, and the next one of that kind is omitido', async () => {
    const usuarioId = DEMO_USUARIOS.admin.id;
    const { para } = await encolar(NO_ESENCIAL, { usuarioId });
    await t.app.jobs.runDue();
    const [mensaje] = recibidosPor(para);
    const cabecera = mensaje?.encabezados['list-unsubscribe'] ?? '';
    expect(cabecera).toMatch(/^<http:\/\/localhost:3000\/api\/correo\/baja\?token=[\w.-]+>$/);
    expect(mensaje?.encabezados['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const enlace = cabecera.slice(1, -1);
    expect(mensaje?.html).toContain(`href="${enlace}"`);
    expect(mensaje?.html).toContain('Dejar de recibir estos correos');

    const ruta = enlace.replace('http://localhost:3000', '');
    // A mail scanner that follows the link, or a person opening it: a question, no change.
    const pregunta = await t.app.inject({ method: 'GET', url: ruta });
    expect(pregunta.statusCode).toBe(200);
    expect(pregunta.headers['content-type']).toContain('text/html');
    expect(pregunta.body).toContain('¿Dejar de recibir estos correos?');
    expect(pregunta.body).toContain(
      'Vas a dejar de recibir correos de «Pedido creado». Podés volver a activarlos desde las notificaciones de Compra Grupal.',
    );
    expect(pregunta.body).toContain(
      `<form method="post" action="${ruta.replaceAll('&', '&amp;')}">`,
    );
    expect(pregunta.body).toContain(
      '<button type="submit">Dejar de recibir estos correos</button>',
    );
    expect(
      await t.database.db
        .select()
        .from(preferenciasDeAviso)
        .where(eq(preferenciasDeAviso.usuarioId, usuarioId)),
    ).toEqual([]);
    expect((await encolar(NO_ESENCIAL, { usuarioId })).fila.estado).toBe('pendiente');

    // The page's button: a form POST from the browser.
    const res = await t.app.inject({
      method: 'POST',
      url: ruta,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(
      'Listo: ya no vas a recibir correos de «Pedido creado». Podés volver a activarlos desde las notificaciones de Compra Grupal.',
    );
    const [preferencia] = await t.database.db
      .select()
      .from(preferenciasDeAviso)
      .where(eq(preferenciasDeAviso.usuarioId, usuarioId));
    expect(preferencia).toMatchObject({ tipo: 'pedido_creado', email: false });

    const despues = await encolar(NO_ESENCIAL, { usuarioId });
    expect(despues.fila.estado).toBe('omitido');
    await t.app.jobs.runDue();
    expect(recibidosPor(despues.para)).toHaveLength(0);
    expect(await trabajoDe(despues.fila.id)).toBeUndefined();
  });

  it('unsubscribes with one click (POST, RFC 8058) and answers 200', async () => {
    const usuarioId = DEMO_USUARIOS.repartidor.id;
    const { para } = await encolar(NO_ESENCIAL, { usuarioId });
    await t.app.jobs.runDue();
    const enlace = (recibidosPor(para)[0]?.encabezados['list-unsubscribe'] ?? '').slice(1, -1);
    const res = await t.app.inject({
      method: 'POST',
      url: enlace.replace('http://localhost:3000', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await encolar(NO_ESENCIAL, { usuarioId })).fila.estado).toBe('omitido');
  });

  it('a kind turned off between the event and the sending is not sent', async () => {
    const usuarioId = DEMO_USUARIOS.comprador.id;
    const { para, fila: correo } = await encolar(NO_ESENCIAL, { usuarioId });
    expect(correo.estado).toBe('pendiente');
    await t.database.db
      .insert(preferenciasDeAviso)
      .values({ usuarioId, tipo: 'pedido_creado', email: false })
      .onConflictDoUpdate({
        target: [preferenciasDeAviso.usuarioId, preferenciasDeAviso.tipo],
        set: { email: false },
      });
    await t.app.jobs.runDue();
    expect(recibidosPor(para)).toHaveLength(0);
    expect((await fila(correo.id))?.estado).toBe('omitido');
  });

  it('essential kinds ignore the preference', async () => {
    const usuarioId = DEMO_USUARIOS.comprador.id;
    await t.database.db
      .insert(preferenciasDeAviso)
      .values({ usuarioId, tipo: 'pago_aprobado', email: false })
      .onConflictDoNothing();
    const { para, fila: correo } = await encolar(ESENCIAL, { usuarioId });
    expect(correo.estado).toBe('pendiente');
    await t.app.jobs.runDue();
    const [mensaje] = recibidosPor(para);
    expect(mensaje?.asunto).toBe('Aviso de prueba para Lucía');
    expect(mensaje?.encabezados['list-unsubscribe']).toBeUndefined();
  });

  it('refuses a forged, altered or missing unsubscribe token with a Spanish 400', async () => {
    for (const url of [
      '/api/correo/baja?token=basura',
      '/api/correo/baja?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwidGlwbyI6InBlZGlkb19jcmVhZG8ifQ.x',
      '/api/correo/baja',
      `/api/correo/baja?token=${'a'.repeat(2000)}`,
    ]) {
      const pagina = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(pagina.statusCode, url).toBe(400);
      expect(pagina.headers['content-type'], url).toContain('text/html');
      expect(pagina.body, url).toContain('El enlace para dejar de recibir correos no es válido');
      // Not a browser: the shared error body.
      const json = await t.app.inject({ method: 'GET', url });
      expect(json.statusCode, url).toBe(400);
      expect(json.json(), url).toMatchObject({ code: 'SOLICITUD_INVALIDA' });
      expect(json.json().mensaje, url).toContain('no es válido');
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/correo/baja?token=basura' });
    expect(post.statusCode).toBe(400);
    expect(post.json().mensaje).toContain('no es válido');
    // An access token is not an unsubscribe token (another key, other claims).
    const acceso = await t.app.accessTokens.sign(DEMO_USUARIOS.comprador.id);
    const conAcceso = await t.app.inject({
      method: 'POST',
      url: `/api/correo/baja?token=${acceso}`,
    });
    expect(conAcceso.statusCode).toBe(400);
  });
});
