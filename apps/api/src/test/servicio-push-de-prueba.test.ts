import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  type DispositivoDePrueba,
  type ServicioPushDePrueba,
  startServicioPushDePrueba,
} from './servicio-push-de-prueba';

/**
 * The loopback push service's checks (the push tests rest on them): a message the `web-push`
 * library encrypts and signs passes and is decrypted; a wrong signature, audience, expiry or
 * ciphertext is refused.
 */
let servicio: ServicioPushDePrueba;
let dispositivo: DispositivoDePrueba;
const vapid = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:avisos@compragrupal.com.ar',
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

beforeAll(async () => {
  servicio = await startServicioPushDePrueba();
  dispositivo = servicio.nuevoDispositivo();
});
afterAll(() => servicio.close());

async function enviar(
  detalles: ReturnType<typeof webpush.generateRequestDetails>,
  cambios: { headers?: Record<string, string>; body?: Buffer } = {},
) {
  const headers = new Headers();
  for (const [k, v] of Object.entries(detalles.headers)) headers.set(k, String(v));
  for (const [k, v] of Object.entries(cambios.headers ?? {})) headers.set(k, v);
  const body = cambios.body ?? detalles.body;
  const res = await fetch(detalles.endpoint, {
    method: 'POST',
    headers,
    body: body ? new Uint8Array(body) : null,
  });
  return res.status;
}

const pedido = (texto: string, opciones: Partial<webpush.RequestOptions> = {}) =>
  webpush.generateRequestDetails(dispositivo, texto, {
    TTL: 60,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
    vapidDetails,
    ...opciones,
  });

describe('the loopback push service', () => {
  it('verifies and decrypts what web-push sends (aes128gcm, VAPID ES256)', async () => {
    const texto = JSON.stringify({ titulo: 'Hola', cuerpo: 'ñandú ✓', enlace: '/my-orders' });
    expect(await enviar(pedido(texto))).toBe(201);
    expect(servicio.rechazos).toEqual([]);
    expect(servicio.recibidos.at(-1)).toMatchObject({
      endpoint: dispositivo.endpoint,
      texto,
      ttl: 60,
      urgencia: 'high',
      claveVapid: vapid.publicKey,
      sujeto: 'mailto:avisos@compragrupal.com.ar',
    });
  });

  it('refuses a JWT signed by another key than k, for another origin, or expired', async () => {
    const otra = webpush.generateVAPIDKeys();
    const firmadoPorOtra = pedido('x');
    const k = /k=([A-Za-z0-9_-]+)/.exec(String(firmadoPorOtra.headers.Authorization))?.[1];
    const conOtraK = String(firmadoPorOtra.headers.Authorization).replace(k ?? '', otra.publicKey);
    const antes = servicio.rechazos.length;
    expect(await enviar(firmadoPorOtra, { headers: { Authorization: conOtraK } })).toBe(401);

    const otroOrigen = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      vapidDetails.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    expect(
      await enviar(pedido('x'), { headers: { Authorization: otroOrigen.Authorization } }),
    ).toBe(401);

    const vencido = webpush.getVapidHeaders(
      servicio.origen,
      vapidDetails.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) - 10,
    );
    expect(await enviar(pedido('x'), { headers: { Authorization: vencido.Authorization } })).toBe(
      401,
    );
    expect(servicio.rechazos.slice(antes)).toEqual([
      'la firma del JWT no corresponde a k',
      expect.stringMatching(/^aud https:\/\/fcm\.googleapis\.com no es /),
      'el JWT venció',
    ]);
  });

  it('refuses a body altered on the way, or encrypted for another device', async () => {
    const detalles = pedido('secreto');
    const alterado = Buffer.from(detalles.body as Buffer);
    alterado[alterado.length - 1] = (alterado[alterado.length - 1] ?? 0) ^ 1;
    expect(await enviar(detalles, { body: alterado })).toBe(400);

    const ajeno = createECDH('prime256v1');
    const paraOtro = webpush.generateRequestDetails(
      {
        endpoint: dispositivo.endpoint,
        keys: {
          p256dh: ajeno.generateKeys().toString('base64url'),
          auth: dispositivo.keys.auth,
        },
      },
      'secreto',
      { TTL: 60, contentEncoding: 'aes128gcm', vapidDetails },
    );
    expect(await enviar(paraOtro)).toBe(400);
    expect(servicio.recibidos.map((m) => m.texto)).not.toContain('secreto');
  });

  it('answers what the test told it: a queue of statuses, or one for good', async () => {
    servicio.responder(dispositivo.endpoint, { luego: [500] });
    expect(await enviar(pedido('a'))).toBe(500);
    expect(await enviar(pedido('a'))).toBe(201);
    servicio.responder(dispositivo.endpoint, { siempre: 410 });
    expect(await enviar(pedido('a'))).toBe(410);
    expect(await enviar(pedido('a'))).toBe(410);
  });
});
