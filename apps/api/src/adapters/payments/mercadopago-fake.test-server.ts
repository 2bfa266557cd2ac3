import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's OAuth for the tests, speaking its documented protocol:
 * `GET /authorization` (the seller "authorizes" at once: a redirect to `redirect_uri` with a
 * code and the state, or `error=access_denied` when told to refuse) and `POST /oauth/token`
 * (JSON body; `authorization_code` with PKCE S256 and `refresh_token`, each code and refresh
 * token usable once), answering the documented body or `{ message, error, status, cause }`.
 * It records every request and can be told to fail.
 */
export interface MercadoPagoFake {
  /** Like 'http://127.0.0.1:PORT': both MP_AUTH_URL and MP_API_URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  solicitudes: { metodo: string; ruta: string; cuerpo?: Record<string, unknown> }[];
  /**
   * 'normal'; 'rechaza': the seller cancels on /authorization; 'invalid_grant': /oauth/token
   * answers 400 invalid_grant; 'caida': 500; 'html': a 200 that is not JSON; 'lenta': answers
   * after 2 s.
   */
  modo: 'normal' | 'rechaza' | 'invalid_grant' | 'caida' | 'html' | 'lenta';
  /** Seconds the access tokens it issues live. */
  expiresIn: number;
  /** Refresh grants answered so far. */
  readonly renovaciones: number;
  close(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function leerCuerpo(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const partes: Buffer[] = [];
  for await (const parte of req) partes.push(parte as Buffer);
  if (partes.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(partes).toString('utf8'));
  } catch {
    return undefined;
  }
}

export async function startMercadoPagoFake({
  clientId = '1234567890123456',
  clientSecret = 'secreto-del-cliente-de-prueba',
  mpUsuarioId = 241983636,
} = {}): Promise<MercadoPagoFake> {
  const solicitudes: MercadoPagoFake['solicitudes'] = [];
  const estado = {
    modo: 'normal' as MercadoPagoFake['modo'],
    expiresIn: 15_552_000,
    renovaciones: 0,
  };
  /** Codes waiting for their exchange, with the challenge and redirect URI they were given for. */
  const codigos = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Set<string>();

  const emitirTokens = () => {
    const refresh = `TG-${randomBytes(12).toString('hex')}-${mpUsuarioId}`;
    refreshTokens.add(refresh);
    return {
      access_token: `APP_USR-${clientId}-${randomBytes(12).toString('hex')}-${mpUsuarioId}`,
      token_type: 'bearer',
      expires_in: estado.expiresIn,
      scope: 'offline_access read write',
      user_id: mpUsuarioId,
      refresh_token: refresh,
      public_key: `APP_USR-${randomBytes(8).toString('hex')}`,
      live_mode: true,
    };
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const cuerpo = req.method === 'POST' ? await leerCuerpo(req) : undefined;
    solicitudes.push({ metodo: req.method ?? 'GET', ruta: url.pathname, cuerpo });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, codigo: string, message: string) =>
      json(status, { message, error: codigo, status, cause: [] });

    if (req.method === 'GET' && url.pathname === '/authorization') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (
        q.get('client_id') !== clientId ||
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !redirectUri
      ) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return res.end('<p>Solicitud inválida</p>');
      }
      const destino = new URL(redirectUri);
      if (estado.modo === 'rechaza') {
        destino.searchParams.set('error', 'access_denied');
      } else {
        const code = `TG-${randomBytes(12).toString('hex')}-${mpUsuarioId}`;
        codigos.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri });
        destino.searchParams.set('code', code);
      }
      const state = q.get('state');
      if (state) destino.searchParams.set('state', state);
      res.writeHead(302, { location: destino.href });
      return res.end();
    }

    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      if (estado.modo === 'lenta') {
        setTimeout(() => json(200, emitirTokens()), 2000).unref();
        return;
      }
      if (estado.modo === 'caida') return error(500, 'internal_error', 'Internal server error');
      if (estado.modo === 'html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Mantenimiento</body></html>');
      }
      if (!cuerpo) return error(400, 'invalid_request', 'The request body is malformed');
      if (cuerpo.client_id !== clientId || cuerpo.client_secret !== clientSecret) {
        return error(400, 'invalid_client', 'Invalid client_id or client_secret');
      }
      const invalidGrant = () =>
        error(
          400,
          'invalid_grant',
          'Error validating grant. Your authorization code or refresh token may be expired or it was already used.',
        );
      if (estado.modo === 'invalid_grant') return invalidGrant();

      if (cuerpo.grant_type === 'authorization_code') {
        const code = String(cuerpo.code ?? '');
        const pendiente = codigos.get(code);
        codigos.delete(code);
        if (
          !pendiente ||
          pendiente.redirectUri !== cuerpo.redirect_uri ||
          typeof cuerpo.code_verifier !== 'string' ||
          pendiente.challenge !== s256(cuerpo.code_verifier)
        ) {
          return invalidGrant();
        }
        return json(200, emitirTokens());
      }
      if (cuerpo.grant_type === 'refresh_token') {
        const refresh = String(cuerpo.refresh_token ?? '');
        if (!refreshTokens.delete(refresh)) return invalidGrant();
        estado.renovaciones++;
        return json(200, emitirTokens());
      }
      return error(400, 'unsupported_grant_type', 'Unsupported grant_type');
    }

    return error(404, 'not_found', 'Resource not found');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    solicitudes,
    get modo() {
      return estado.modo;
    },
    set modo(modo) {
      estado.modo = modo;
    },
    get expiresIn() {
      return estado.expiresIn;
    },
    set expiresIn(segundos) {
      estado.expiresIn = segundos;
    },
    get renovaciones() {
      return estado.renovaciones;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
