import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback that speaks the Web Push protocol (docs/decisions/055), for tests:
 * it hands out browser-like subscriptions (a P-256 key pair and an auth secret per device, kept
 * here as the browser keeps them), and on each POST to an endpoint it checks what a real push
 * service and browser check, with node:crypto only:
 * - the VAPID authorization (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed ES256
 *   with that key, `aud` the endpoint's origin, `exp` in the future (at most 24 h), a `sub`;
 * - the headers: TTL, Urgency, `Content-Encoding: aes128gcm`;
 * - the body: decrypted as RFC 8291 and RFC 8188 say (ECDH with the device's private key, HKDF
 *   with its auth secret, AES-128-GCM per record, padding delimiter checked).
 * What passes is recorded in `recibidos` (the plaintext); what fails, in `rechazos`, answered
 * 400/401. Each endpoint answers 201, or what the test told it to (410 for good, or a queue of
 * statuses such as one 500 before accepting).
 */
export interface DispositivoDePrueba {
  endpoint: string;
  /** As `PushSubscription.toJSON().keys` gives them (base64url, no padding). */
  keys: { p256dh: string; auth: string };
}

export interface MensajeRecibido {
  endpoint: string;
  /** The decrypted payload. */
  texto: string;
  ttl: number;
  urgencia: string | undefined;
  tema: string | undefined;
  /** The VAPID public key that signed the request (base64url). */
  claveVapid: string;
  sujeto: string;
}

export interface ServicioPushDePrueba {
  origen: string;
  /** A new browser subscription on this service. */
  nuevoDispositivo(): DispositivoDePrueba;
  /** What this endpoint answers: always `estado`, or each of `estados` once, then 201. */
  responder(endpoint: string, respuesta: { siempre: number } | { luego: number[] }): void;
  /** The messages that passed every check, oldest first. */
  recibidos: MensajeRecibido[];
  /** Requests that failed a check: the reason. */
  rechazos: string[];
  /** Every POST, with its status (after checks and the endpoint's told answer). */
  intentos: { endpoint: string; estado: number }[];
  close(): Promise<void>;
}

interface Dispositivo {
  ecdh: ReturnType<typeof createECDH>;
  publica: Buffer;
  auth: Buffer;
  siempre?: number;
  luego: number[];
}

class Rechazo extends Error {
  constructor(
    readonly estado: number,
    mensaje: string,
  ) {
    super(mensaje);
  }
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A P-256 public key (65 bytes, uncompressed) as a KeyObject. */
function clavePublicaP256(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Rechazo(401, 'k no es un punto P-256');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
}

/** Checks the VAPID authorization of a request to `origen`; answers the key and the subject. */
export function verificarVapid(
  authorization: string | undefined,
  origen: string,
  ahoraSegundos = Math.floor(Date.now() / 1000),
): { clave: string; sujeto: string } {
  const match =
    /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(
      authorization ?? '',
    );
  if (!match) throw new Rechazo(401, 'falta Authorization: vapid t=…, k=…');
  const [, jwt = '', k = ''] = match;
  const [cabeceraB64 = '', cargaB64 = '', firmaB64 = ''] = jwt.split('.');
  const cabecera = JSON.parse(Buffer.from(cabeceraB64, 'base64url').toString('utf8')) as {
    alg?: string;
    typ?: string;
  };
  if (cabecera.alg !== 'ES256') throw new Rechazo(401, `alg ${cabecera.alg} en vez de ES256`);
  const firmaValida = verify(
    'sha256',
    Buffer.from(`${cabeceraB64}.${cargaB64}`),
    { key: clavePublicaP256(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(firmaB64, 'base64url'),
  );
  if (!firmaValida) throw new Rechazo(401, 'la firma del JWT no corresponde a k');
  const carga = JSON.parse(Buffer.from(cargaB64, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (carga.aud !== origen) throw new Rechazo(401, `aud ${carga.aud} no es ${origen}`);
  if (typeof carga.exp !== 'number' || carga.exp <= ahoraSegundos) {
    throw new Rechazo(401, 'el JWT venció');
  }
  if (carga.exp > ahoraSegundos + 24 * 60 * 60) throw new Rechazo(401, 'exp a más de 24 h');
  if (!carga.sub || !/^(mailto:|https:)/.test(carga.sub)) throw new Rechazo(401, 'falta sub');
  return { clave: k, sujeto: carga.sub };
}

/**
 * Decrypts an aes128gcm Web Push body (RFC 8188 framing, RFC 8291 keys) for the device whose
 * key pair is `ecdh` and whose auth secret is `auth`.
 */
export function descifrarAes128gcm(
  cuerpo: Buffer,
  { ecdh, auth }: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
): string {
  if (cuerpo.length < 21) throw new Rechazo(400, 'cuerpo más corto que su encabezado');
  const sal = cuerpo.subarray(0, 16);
  const rs = cuerpo.readUInt32BE(16);
  const idlen = cuerpo[20] ?? 0;
  const claveDelServidor = cuerpo.subarray(21, 21 + idlen);
  if (idlen !== 65 || claveDelServidor[0] !== 0x04) {
    throw new Rechazo(400, 'keyid no es la clave pública P-256 del servidor');
  }
  if (rs < 18) throw new Rechazo(400, `rs ${rs} demasiado chico`);
  const secreto = ecdh.computeSecret(claveDelServidor);
  const publicaDelDispositivo = ecdh.getPublicKey();
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const ikm = Buffer.from(
    hkdfSync(
      'sha256',
      secreto,
      auth,
      Buffer.concat([Buffer.from('WebPush: info\0'), publicaDelDispositivo, claveDelServidor]),
      32,
    ),
  );
  // RFC 8188 section 2.2 and 2.3: the content key and the nonce from the salt.
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, sal, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonceBase = Buffer.from(
    hkdfSync('sha256', ikm, sal, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const registros = cuerpo.subarray(21 + idlen);
  const partes: Buffer[] = [];
  for (let i = 0, desde = 0; desde < registros.length; i += 1, desde += rs) {
    const registro = registros.subarray(desde, Math.min(desde + rs, registros.length));
    const ultimo = desde + rs >= registros.length;
    // The record's nonce: the base XOR its sequence number (96 bits, big-endian).
    const nonce = Buffer.from(nonceBase);
    for (
      let byte = 11, resto = i;
      byte >= 0 && resto > 0;
      byte -= 1, resto = Math.floor(resto / 256)
    ) {
      nonce[byte] = (nonce[byte] ?? 0) ^ (resto & 0xff);
    }
    const descifrador = createDecipheriv('aes-128-gcm', cek, nonce);
    descifrador.setAuthTag(registro.subarray(registro.length - 16));
    let claro: Buffer;
    try {
      claro = Buffer.concat([
        descifrador.update(registro.subarray(0, registro.length - 16)),
        descifrador.final(),
      ]);
    } catch {
      throw new Rechazo(400, 'el registro no se descifra (clave o etiqueta incorrecta)');
    }
    // The padding delimiter: 0x02 on the last record, 0x01 on the others, then zeros.
    let fin = claro.length - 1;
    while (fin >= 0 && claro[fin] === 0) fin -= 1;
    if (claro[fin] !== (ultimo ? 2 : 1)) throw new Rechazo(400, 'delimitador de relleno inválido');
    partes.push(claro.subarray(0, fin));
  }
  return Buffer.concat(partes).toString('utf8');
}

async function leer(request: IncomingMessage): Promise<Buffer> {
  const partes: Buffer[] = [];
  for await (const parte of request) partes.push(parte as Buffer);
  return Buffer.concat(partes);
}

export async function startServicioPushDePrueba(): Promise<ServicioPushDePrueba> {
  const dispositivos = new Map<string, Dispositivo>();
  const recibidos: MensajeRecibido[] = [];
  const rechazos: string[] = [];
  const intentos: { endpoint: string; estado: number }[] = [];
  let origen = '';

  async function atender(request: IncomingMessage, response: ServerResponse) {
    const endpoint = `${origen}${request.url ?? ''}`;
    const responder = (estado: number) => {
      intentos.push({ endpoint, estado });
      response.writeHead(estado).end();
    };
    const cuerpo = await leer(request);
    const dispositivo = dispositivos.get(request.url ?? '');
    if (request.method !== 'POST' || !dispositivo) return responder(404);
    try {
      const { clave, sujeto } = verificarVapid(request.headers.authorization, origen);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) throw new Rechazo(400, 'falta TTL');
      if (request.headers['content-encoding'] !== 'aes128gcm') {
        throw new Rechazo(415, `Content-Encoding ${request.headers['content-encoding']}`);
      }
      const urgencia = request.headers.urgency as string | undefined;
      if (urgencia && !['very-low', 'low', 'normal', 'high'].includes(urgencia)) {
        throw new Rechazo(400, `Urgency ${urgencia}`);
      }
      const texto = descifrarAes128gcm(cuerpo, dispositivo);
      const dicho = dispositivo.luego.shift() ?? dispositivo.siempre;
      if (dicho !== undefined && (dicho < 200 || dicho > 299)) return responder(dicho);
      recibidos.push({
        endpoint,
        texto,
        ttl,
        urgencia,
        tema: request.headers.topic as string | undefined,
        claveVapid: clave,
        sujeto,
      });
      return responder(201);
    } catch (error) {
      const estado = error instanceof Rechazo ? error.estado : 500;
      rechazos.push(error instanceof Error ? error.message : String(error));
      return responder(estado);
    }
  }

  const server = createServer((request, response) => {
    atender(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origen = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origen,
    nuevoDispositivo() {
      const ecdh = createECDH('prime256v1');
      const publica = ecdh.generateKeys();
      const auth = randomBytes(16);
      const ruta = `/push/${randomBytes(12).toString('base64url')}`;
      dispositivos.set(ruta, { ecdh, publica, auth, luego: [] });
      return {
        endpoint: `${origen}${ruta}`,
        keys: { p256dh: b64url(publica), auth: b64url(auth) },
      };
    },
    responder(endpoint, respuesta) {
      const dispositivo = dispositivos.get(new URL(endpoint).pathname);
      if (!dispositivo) throw new Error('endpoint desconocido');
      if ('siempre' in respuesta) dispositivo.siempre = respuesta.siempre;
      else dispositivo.luego.push(...respuesta.luego);
    },
    recibidos,
    rechazos,
    intentos,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
