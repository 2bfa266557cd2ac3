import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import { type SmtpDePrueba, startSmtpDePrueba } from '../../test/smtp-de-prueba';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The account emails over a real SMTP server on loopback, followed as a person would: the link
 * in the verification email verifies the address; the link in the recovery email sets a new
 * password, and the change is told by email. Each message arrives once.
 */
const PUBLIC_URL = 'https://compra.ejemplo.com.ar';
let smtp: SmtpDePrueba;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpDePrueba();
  t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const llegadosA = (para: string) => smtp.recibidos.filter((m) => m.para === para);

/** The one link to `ruta` in the text of the one message with that subject sent to `para`. */
function enlaceDe(para: string, asunto: string, ruta: string): URL {
  const mensajes = llegadosA(para).filter((m) => m.asunto === asunto);
  expect(mensajes).toHaveLength(1);
  const enlaces = [...(mensajes[0]?.texto ?? '').matchAll(/https:\/\/\S+/g)]
    .map(([url]) => new URL(url))
    .filter((url) => url.pathname === ruta);
  expect(enlaces.length).toBeGreaterThan(0);
  return enlaces[0] as URL;
}

describe('account emails over SMTP', () => {
  it('registration mails a link that verifies the address, once', async () => {
    const email = uniqueEmail('smtp-verifica');
    const ana = await registerAndLogin(t.app, { email });
    await t.app.jobs.runDue();
    const enlace = enlaceDe(email, 'Confirmá tu correo en Compra Grupal', '/verificar-email');
    expect(enlace.origin).toBe(PUBLIC_URL);

    const res = await t.app.inject({
      url: `/api/usuario/verificar-email?${enlace.searchParams}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const perfil = await t.app.inject({ url: `/api/usuario/${ana.userId}`, headers: ana.auth });
    expect(perfil.json().usuario.emailVerificado).toBe(true);
    await t.app.jobs.runDue();
    expect(llegadosA(email)).toHaveLength(1);
  });

  it('recovery mails a link that sets a new password, then says so by email', async () => {
    const email = uniqueEmail('smtp-recupera');
    await registerAndLogin(t.app, { email });
    const pedido = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/recuperar-contrasenia',
      payload: { email },
    });
    expect(pedido.statusCode).toBe(202);
    // The lookup job enqueues the mail; the mail job sends it.
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const enlace = enlaceDe(
      email,
      llegadosA(email).find((m) => m.texto.includes('/restablecer-contrasenia'))?.asunto ?? '',
      '/restablecer-contrasenia',
    );

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/usuario/restablecer-contrasenia',
      payload: { token: enlace.searchParams.get('token'), contrasenia: 'otra-clave-77' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect(login(t.app, email, 'otra-clave-77')).resolves.toBeTruthy();
    await t.app.jobs.runDue();
    // Verification, recovery and the change: three messages, each once.
    expect(llegadosA(email)).toHaveLength(3);
    expect(llegadosA(email).filter((m) => /contraseña/i.test(m.asunto))).toHaveLength(2);
  });
});
