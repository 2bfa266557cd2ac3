import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's OAuth for the tests, speaking its documented protocol:
 * `GET /authorization` (the seller "authorizes" at once: a redirect to `redirect_uri` with a
 * code and the state, or `error=access_denied` when told to refuse) and `POST /oauth/token`
 * (JSON body; `authorization_code` with PKCE S256 and `refresh_token`, each code and refresh
 * token usable once), answering the documented body or `{ message, error, status, cause }`.
 * It records every request and can be told to fail.
 *
 * And Checkout Pro, on the seller's access token (`Authorization: Bearer`, one it issued):
 * `POST /checkout/preferences` (checks items, `back_urls` with `auto_return`, `expires` with
 * `expiration_date_to`; answers `{ id, init_point, … }`), `GET /v1/payments/{id}` (404 for a
 * payment of another account; the documented body, card and payer data included),
 * `GET /v1/payments/search` (the account's payments by `external_reference`, sorted by
 * `sort`/`criteria` and paged by `limit`/`offset`: `{ paging: { total, limit, offset }, results }`)
 * and `POST /v1/payments/{id}/refunds` (needs `X-Idempotency-Key`; the same key answers the same
 * refund, a new one on a refunded payment 400; an `amount` in pesos refunds part of it, the
 * payment stays `approved` until refunded in full, more than what is left answers 400). `pagar` plays the buyer paying a preference.
 */
export interface MercadoPagoFake {
  /** Like 'http://127.0.0.1:PORT': both MP_AUTH_URL and MP_API_URL. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  solicitudes: {
    metodo: string;
    ruta: string;
    cuerpo?: Record<string, unknown>;
    /** The `X-Idempotency-Key` sent, if any. */
    idempotencia?: string;
    /** The `Authorization` header as sent. */
    autorizacion?: string;
    /** The query string's parameters, when there are any. */
    parametros?: Record<string, string>;
  }[];
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
  /** A seller's access token it accepts, as the account link would give (another user id each). */
  tokenDeVendedor(mpUsuarioId?: number): string;
  /** The buyer pays a preference with this outcome (status as Mercado Pago says it); its id. */
  pagar(preferenciaId: string, status?: string): string;
  /** Refunds made so far (distinct), by payment id. */
  readonly reembolsos: ReadonlyMap<string, number>;
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
  /** Access tokens it issued, with their seller's user id. */
  const accessTokens = new Map<string, number>();
  const preferencias = new Map<string, { collectorId: number; cuerpo: Record<string, unknown> }>();
  const pagos = new Map<string, { collectorId: number; cuerpo: Record<string, unknown> }>();
  /** `paymentId key` → the refund answered for that key. */
  const reembolsosPorClave = new Map<string, Record<string, unknown>>();
  const reembolsos = new Map<string, number>();
  let baseUrl = '';

  const nuevoAccessToken = (usuario: number) => {
    const token = `APP_USR-${clientId}-${randomBytes(12).toString('hex')}-${usuario}`;
    accessTokens.set(token, usuario);
    return token;
  };

  const emitirTokens = () => {
    const refresh = `TG-${randomBytes(12).toString('hex')}-${mpUsuarioId}`;
    refreshTokens.add(refresh);
    return {
      access_token: nuevoAccessToken(mpUsuarioId),
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
    const cabecera = (nombre: string) => {
      const valor = req.headers[nombre];
      return Array.isArray(valor) ? valor[0] : valor;
    };
    solicitudes.push({
      metodo: req.method ?? 'GET',
      ruta: url.pathname,
      cuerpo,
      idempotencia: cabecera('x-idempotency-key'),
      autorizacion: cabecera('authorization'),
      ...(url.search ? { parametros: Object.fromEntries(url.searchParams) } : {}),
    });
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

    const checkout =
      url.pathname === '/checkout/preferences' || url.pathname.startsWith('/v1/payments/');
    if (checkout) {
      if (estado.modo === 'lenta') {
        setTimeout(() => error(503, 'service_unavailable', 'Service unavailable'), 2000).unref();
        return;
      }
      if (estado.modo === 'caida') return error(500, 'internal_error', 'Internal server error');
      const bearer = /^Bearer (\S+)$/.exec(cabecera('authorization') ?? '')?.[1];
      const usuario = bearer ? accessTokens.get(bearer) : undefined;
      if (usuario === undefined) return error(401, 'unauthorized', 'invalid access token');

      if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
        const invalido = (campo: string) => error(400, `invalid_${campo}`, `${campo} is invalid`);
        if (!cuerpo) return error(400, 'invalid_request', 'The request body is malformed');
        const items = cuerpo.items;
        if (
          !Array.isArray(items) ||
          items.length === 0 ||
          !items.every(
            (i) =>
              typeof i?.title === 'string' &&
              Number.isInteger(i.quantity) &&
              i.quantity > 0 &&
              typeof i.unit_price === 'number' &&
              i.unit_price > 0,
          )
        ) {
          return invalido('items');
        }
        const backUrls = cuerpo.back_urls as Record<string, unknown> | undefined;
        if (cuerpo.auto_return !== undefined && typeof backUrls?.success !== 'string') {
          return error(
            400,
            'invalid_auto_return',
            'auto_return invalid. back_url.success must be defined',
          );
        }
        // The documented format: milliseconds and a numeric offset.
        const fechaDocumentada = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
        for (const campo of ['expiration_date_from', 'expiration_date_to'] as const) {
          if (cuerpo.expires === true && !fechaDocumentada.test(String(cuerpo[campo]))) {
            return invalido(campo);
          }
        }
        if (cuerpo.marketplace_fee !== undefined && typeof cuerpo.marketplace_fee !== 'number') {
          return invalido('marketplace_fee');
        }
        const id = `${usuario}-${randomBytes(16).toString('hex')}`;
        preferencias.set(id, { collectorId: usuario, cuerpo });
        return json(201, {
          ...cuerpo,
          id,
          collector_id: usuario,
          client_id: clientId,
          date_created: new Date().toISOString(),
          init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `${baseUrl}/checkout/v1/redirect?pref_id=${id}&sandbox=1`,
        });
      }

      if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
        // The documented search: the account's payments, filtered by `external_reference`,
        // sorted by `sort`/`criteria`, paged by `limit`/`offset`.
        const q = url.searchParams;
        const sort = q.get('sort') ?? 'date_created';
        const criteria = q.get('criteria') ?? 'desc';
        const limit = Number(q.get('limit') ?? 30);
        const offset = Number(q.get('offset') ?? 0);
        if (!['date_approved', 'date_created', 'date_last_updated', 'id'].includes(sort)) {
          return error(400, 'bad_request', 'Invalid sort value');
        }
        if (criteria !== 'asc' && criteria !== 'desc') {
          return error(400, 'bad_request', 'Invalid criteria value');
        }
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          return error(400, 'bad_request', 'Number of rows exceeded the limits');
        }
        if (!Number.isInteger(offset) || offset < 0) {
          return error(400, 'bad_request', 'Params Error');
        }
        const referencia = q.get('external_reference');
        const clave = (p: Record<string, unknown>) =>
          sort === 'id' ? Number(p.id) : String(p[sort] ?? p.date_created);
        const encontrados = [...pagos.values()]
          .filter(
            (p) =>
              p.collectorId === usuario &&
              (referencia === null || p.cuerpo.external_reference === referencia),
          )
          .map((p, orden) => ({ cuerpo: p.cuerpo, orden }))
          .sort((x, y) => {
            const [a, b] = [clave(x.cuerpo), clave(y.cuerpo)];
            const porClave = a < b ? -1 : a > b ? 1 : x.orden - y.orden;
            return criteria === 'asc' ? porClave : -porClave;
          })
          .map((p) => p.cuerpo);
        return json(200, {
          paging: { total: encontrados.length, limit, offset },
          results: encontrados.slice(offset, offset + limit),
        });
      }

      const ruta = /^\/v1\/payments\/(\d{1,20})(\/refunds)?$/.exec(url.pathname);
      const pago = ruta ? pagos.get(ruta[1] ?? '') : undefined;
      if (!ruta || !pago || pago.collectorId !== usuario) {
        return error(404, 'not_found', 'Payment not found');
      }
      const pagoId = ruta[1] ?? '';
      if (req.method === 'GET' && !ruta[2]) return json(200, pago.cuerpo);
      if (req.method === 'POST' && ruta[2]) {
        const clave = cabecera('x-idempotency-key');
        if (!clave) return error(400, 'bad_request', 'X-Idempotency-Key header is required');
        const previo = reembolsosPorClave.get(`${pagoId} ${clave}`);
        if (previo) return json(201, previo);
        if (pago.cuerpo.status !== 'approved') {
          return error(400, 'bad_request', 'Payment not refundable in its current status');
        }
        // `amount` (pesos): a partial refund; none: what is left of the payment.
        const total = Number(pago.cuerpo.transaction_amount);
        const yaReembolsado = Number(pago.cuerpo.transaction_amount_refunded ?? 0);
        const resto = Math.round((total - yaReembolsado) * 100) / 100;
        const pedido = cuerpo?.amount;
        if (pedido !== undefined && (typeof pedido !== 'number' || !(pedido > 0))) {
          return error(400, 'invalid_amount', 'amount must be a positive number');
        }
        const monto = pedido ?? resto;
        if (monto > resto) {
          return error(400, 'invalid_amount', 'The amount is greater than the available amount');
        }
        const reembolso = {
          id: randomInt(1_000_000_000, 9_999_999_999),
          payment_id: Number(pagoId),
          amount: monto,
          status: 'approved',
          refund_mode: 'standard',
          date_created: new Date().toISOString(),
        };
        reembolsosPorClave.set(`${pagoId} ${clave}`, reembolso);
        reembolsos.set(pagoId, (reembolsos.get(pagoId) ?? 0) + 1);
        const reembolsado = Math.round((yaReembolsado + monto) * 100) / 100;
        pago.cuerpo = {
          ...pago.cuerpo,
          transaction_amount_refunded: reembolsado,
          ...(reembolsado >= total
            ? { status: 'refunded', status_detail: 'refunded' }
            : { status_detail: 'partially_refunded' }),
        };
        return json(201, reembolso);
      }
      return error(405, 'method_not_allowed', 'Method not allowed');
    }

    return error(404, 'not_found', 'Resource not found');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  /** Mercado Pago stores metadata keys in snake_case. */
  const snake = (metadata: unknown) =>
    Object.fromEntries(
      Object.entries((metadata ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        v,
      ]),
    );

  return {
    baseUrl,
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
    tokenDeVendedor: (usuario = randomInt(100_000_000, 999_999_999)) => nuevoAccessToken(usuario),
    pagar(preferenciaId, status = 'approved') {
      const preferencia = preferencias.get(preferenciaId);
      if (!preferencia) throw new Error(`preferencia desconocida: ${preferenciaId}`);
      const { cuerpo } = preferencia;
      const items = cuerpo.items as { quantity: number; unit_price: number }[];
      const total = items.reduce((suma, i) => suma + i.quantity * i.unit_price, 0);
      const id = String(randomInt(10_000_000_000, 99_999_999_999));
      pagos.set(id, {
        collectorId: preferencia.collectorId,
        cuerpo: {
          id: Number(id),
          // As Mercado Pago writes it (its own time zone, UTC−4).
          date_created: new Date(Date.now() - 4 * 3_600_000).toISOString().replace('Z', '-04:00'),
          status,
          status_detail: status === 'approved' ? 'accredited' : 'cc_rejected_other_reason',
          currency_id: 'ARS',
          external_reference: cuerpo.external_reference,
          metadata: snake(cuerpo.metadata),
          transaction_amount: Math.round(total * 100) / 100,
          marketplace_fee: cuerpo.marketplace_fee,
          // What was kept, as Mercado Pago lists it once a payment is approved.
          fee_details:
            status === 'approved'
              ? [
                  {
                    type: 'mercadopago_fee',
                    amount: Math.round(total * 6.29) / 100,
                    fee_payer: 'collector',
                  },
                  {
                    type: 'application_fee',
                    amount: cuerpo.marketplace_fee,
                    fee_payer: 'collector',
                  },
                ]
              : [],
          collector_id: preferencia.collectorId,
          payment_method_id: 'visa',
          payment_type_id: 'credit_card',
          payer: {
            email: 'comprador@example.com',
            identification: { type: 'DNI', number: '12345678' },
          },
          card: {
            first_six_digits: '450995',
            last_four_digits: '3704',
            cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
          },
        },
      });
      return id;
    },
    reembolsos,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
