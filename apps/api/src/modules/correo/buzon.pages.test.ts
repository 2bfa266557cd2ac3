import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USUARIOS } from '../../demo/demo-usuarios';
import { registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import { agregarPlantillasDePrueba } from '../../test/plantillas-de-prueba';
import { createTestApp, type TestApp } from '../../test/test-app';

const produccion = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://compragrupal.com.ar',
  JWT_SECRET: 'Qm8v1Xr4LzT0pK9sWc2Ne7Hy5Ab3Ud6Fj0Go4Ri8Vl1=',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SEED_DEMO: 'false',
  MP_MODE: 'off',
};

describe('/dev/correos is closed where it must be', () => {
  it.each([
    ['production without DEMO_MODE', produccion],
    ['tests, unless a test opens it', {}],
  ])('answers 404 in %s', async (_caso, env) => {
    const t = await createTestApp(env);
    try {
      for (const url of ['/dev/correos', '/dev/correos/', '/dev/correos/abc']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });
});

describe('/dev/correos, the embedded mailbox', () => {
  let t: TestApp;
  const pruebas = agregarPlantillasDePrueba();
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'true' });
  });
  afterAll(async () => {
    pruebas.quitar();
    await t?.close();
  });

  async function encolar(para: string, nombre: string, clave: string) {
    await t.app.services.withTransaction(async (repos) => {
      await t.app.services.correo.encolar(repos.ejecutor, {
        clave,
        para,
        usuarioId: DEMO_USUARIOS.comprador.id,
        plantilla: pruebas.noEsencial,
        datos: { nombre, enlace: 'http://localhost:3000/my-orders' } as never,
      });
    });
  }

  it('lists the latest messages, newest first: date, recipient as text, subject as a link, state', async () => {
    const primero = uniqueEmail('primero');
    const segundo = uniqueEmail('segundo');
    await encolar(primero, 'Primera', `buzon:${primero}`);
    await encolar(segundo, 'Segunda', `buzon:${segundo}`);
    const res = await t.app.inject({ method: 'GET', url: '/dev/correos' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<td>${segundo}</td>`);
    // Pending ones already show their subject, rendered from the template.
    expect(res.body).toMatch(/<a href="\/dev\/correos\/[\w-]+">Aviso de prueba para Segunda<\/a>/);
    expect(res.body).toContain('Pendiente');
    expect(res.body.indexOf(segundo)).toBeLessThan(res.body.indexOf(primero));

    await t.app.jobs.runDue();
    const despues = await t.app.inject({ method: 'GET', url: '/dev/correos' });
    expect(despues.body).toContain('Enviado');
  });

  it('escapes a subject and a name that carry markup, in the list and in the message', async () => {
    const para = uniqueEmail('script');
    await encolar(para, '<script>alert(1)</script>', `buzon:${para}`);
    await t.app.jobs.runDue();
    const lista = await t.app.inject({ method: 'GET', url: '/dev/correos' });
    expect(lista.body).not.toContain('<script>');
    expect(lista.body).toContain('Aviso de prueba para &lt;script&gt;alert(1)&lt;/script&gt;');
    const id = new RegExp(`<td>${para}</td>\\s*<td><a href="/dev/correos/([\\w-]+)"`).exec(
      lista.body,
    )?.[1];
    expect(id).toBeDefined();

    const mensaje = await t.app.inject({ method: 'GET', url: `/dev/correos/${id}` });
    expect(mensaje.statusCode).toBe(200);
    expect(mensaje.body).not.toContain('<script>');
    expect(mensaje.body).toContain(
      '<h1>Aviso de prueba para &lt;script&gt;alert(1)&lt;/script&gt;</h1>',
    );
    // The HTML body sits in a sandboxed frame without scripts, as an escaped attribute.
    const iframe = /<iframe [^>]*>/.exec(mensaje.body)?.[0] ?? '';
    expect(iframe).toMatch(/ sandbox="[^"]*"/);
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).not.toContain('allow-same-origin');
    const srcdoc = /srcdoc="([^"]*)"/.exec(iframe)?.[1] ?? '';
    expect(srcdoc).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(srcdoc).toContain('http://localhost:3000/my-orders');
    // The name is escaped twice there: once by the mail, once by the attribute.
    expect(srcdoc).toContain('&amp;lt;script&amp;gt;');
    expect(srcdoc).not.toContain('target=&quot;_blank&quot;');
    // The text version, escaped.
    expect(mensaje.body).toMatch(/<pre>[^<]*Hola, &lt;script&gt;alert\(1\)&lt;\/script&gt;:/);
    expect(mensaje.body).toContain(`<dd>${para}</dd>`);
  });

  it('answers 404 for a message that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/correos/no-existe' });
    expect(res.statusCode).toBe(404);
  });
});

describe('/dev/correos for a visitor from another machine (a public demo)', () => {
  let t: TestApp;
  const remoto = { remoteAddress: '203.0.113.7' };
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'true', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const enlaces = (html: string) =>
    [...html.matchAll(/href="\/dev\/correos\/([\w-]+)"/g)].map((m) => m[1]);
  const buzonDe = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'buzonDe')?.value;

  it("shows nobody's mail without a session, and another address's message as not found", async () => {
    const vendedor = await registerAndLogin(t.app);
    await t.app.jobs.runDue();
    const local = await t.app.inject({ method: 'GET', url: '/dev/correos' });
    const [id] = enlaces(local.body);
    expect(id).toBeDefined();

    const lista = await t.app.inject({ method: 'GET', url: '/dev/correos', ...remoto });
    expect(lista.statusCode).toBe(200);
    expect(lista.body).toContain('solo los correos enviados a su cuenta');
    expect(lista.body).not.toContain(vendedor.email);
    expect(enlaces(lista.body)).toEqual([]);
    const uno = await t.app.inject({ method: 'GET', url: `/dev/correos/${id}`, ...remoto });
    expect(uno.statusCode).toBe(404);
    // A proxy on this machine forwarding a visitor is not this machine.
    const reenviado = await t.app.inject({
      method: 'GET',
      url: '/dev/correos',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(enlaces(reenviado.body)).toEqual([]);
  });

  it("a visitor who asks a seller's password reset reads only their own mail, never the link", async () => {
    const vendedor = await registerAndLogin(t.app);
    const visitante = await registerAndLogin(t.app);
    const sesion = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/login',
      payload: { email: visitante.email, contrasenia: 'secreta123' },
      ...remoto,
    });
    const cookie = buzonDe(sesion);
    expect(cookie).toBeDefined();
    await t.app.inject({
      method: 'POST',
      url: '/api/usuario/recuperar-contrasenia',
      payload: { email: vendedor.email },
      ...remoto,
    });
    await t.app.jobs.runDue();

    const lista = await t.app.inject({
      method: 'GET',
      url: '/dev/correos',
      cookies: { buzonDe: cookie as string },
      ...remoto,
    });
    expect(lista.body).toContain(`<td>${visitante.email}</td>`);
    expect(lista.body).not.toContain(vendedor.email);
    const propios = enlaces(lista.body);
    expect(propios.length).toBeGreaterThan(0);
    const propio = await t.app.inject({
      method: 'GET',
      url: `/dev/correos/${propios[0]}`,
      cookies: { buzonDe: cookie as string },
      ...remoto,
    });
    expect(propio.statusCode).toBe(200);

    const todos = enlaces((await t.app.inject({ method: 'GET', url: '/dev/correos' })).body);
    for (const id of todos.filter((id) => !propios.includes(id))) {
      const ajeno = await t.app.inject({
        method: 'GET',
        url: `/dev/correos/${id}`,
        cookies: { buzonDe: cookie as string },
        ...remoto,
      });
      expect(ajeno.statusCode, id).toBe(404);
      expect(ajeno.body).not.toContain('restablecer');
    }
    // A forged cookie reads nothing.
    const falsa = await t.app.inject({
      method: 'GET',
      url: '/dev/correos',
      cookies: { buzonDe: `${cookie}x` },
      ...remoto,
    });
    expect(enlaces(falsa.body)).toEqual([]);
  });
});
