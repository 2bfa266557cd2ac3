import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@compra-grupal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { esClienteLocal } from '../../lib/cliente-local';

const LOCAL_ISSUER_PATH = '/oidc-local';

/** How long a code lives, and how many may wait at once before the issuer says it is busy. */
const LOCAL_CODE_TTL_MS = 60_000;
const LOCAL_MAX_PENDING_CODES = 1000;

export interface LocalIssuerSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Base URL the browser uses (PUBLIC_URL). */
  publicUrl: string;
  /** The limits of the login form, created in this scope (the caller owns them). */
  attemptLimits: (
    scope: FastifyInstance,
  ) => Promise<{ perIp: AttemptLimit; perEmail: AttemptLimit }>;
}

/** A preHandler that throws the shared 429 past its limit. */
export type AttemptLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

interface PendingCode {
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  email: string;
  nombre: string;
}

/**
 * Authorization codes waiting for their exchange: each lives `ttlMs`, is taken once, and
 * expired ones are swept on every write and read, so the map holds at most `max` live codes;
 * past that `add` answers false (the caller says it is busy).
 */
export function createPendingCodes<T>({ ttlMs, max }: { ttlMs: number; max: number }) {
  const codes = new Map<string, { value: T; expiresAt: number }>();
  const sweep = (now: number) => {
    for (const [code, entry] of codes) if (entry.expiresAt <= now) codes.delete(code);
  };
  return {
    get size() {
      return codes.size;
    },
    add(code: string, value: T): boolean {
      const now = Date.now();
      sweep(now);
      if (codes.size >= max) return false;
      codes.set(code, { value, expiresAt: now + ttlMs });
      return true;
    },
    /** The code's value if it is live; the code is gone afterwards either way. */
    take(code: string): T | undefined {
      const now = Date.now();
      sweep(now);
      const entry = codes.get(code);
      codes.delete(code);
      return entry && entry.expiresAt > now ? entry.value : undefined;
    },
  };
}

const soloLocal = () =>
  new AppError(
    403,
    ERROR_CODES.emisorDePruebaSoloLocal,
    'El ingreso de prueba solo está disponible desde la misma computadora que el servidor.',
  );
const solicitudInvalida = (mensaje = 'La solicitud de ingreso de prueba no es válida') =>
  new AppError(400, ERROR_CODES.oidcSolicitudInvalida, mensaje);
const clienteInvalido = () =>
  new AppError(
    401,
    ERROR_CODES.oidcClienteInvalido,
    'El cliente del ingreso de prueba no es válido',
  );
const codigoInvalido = () =>
  new AppError(
    400,
    ERROR_CODES.oidcCodigoInvalido,
    'El código de ingreso no es válido o ya venció',
  );
const emisorOcupado = () =>
  new AppError(
    503,
    ERROR_CODES.emisorDePruebaOcupado,
    'Hay demasiados ingresos de prueba en curso. Espera un minuto y vuelve a intentarlo.',
  );

const NO_CONTROL = /^[^\p{Cc}]*$/u;
const text = (max: number) =>
  z.string().max(max).regex(NO_CONTROL, 'No puede tener caracteres de control');
/** RFC 7636: 43 to 128 characters of the unreserved set. */
const pkceValue = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/);
const opaque = text(512).optional();

const authorizeQuerySchema = z.object({
  client_id: text(200),
  redirect_uri: text(2048),
  response_type: z.literal('code'),
  code_challenge_method: z.literal('S256'),
  code_challenge: pkceValue,
  scope: text(200).optional(),
  state: opaque,
  nonce: opaque,
});

const authorizeFormSchema = z.object({
  redirect_uri: text(2048),
  code_challenge: pkceValue,
  state: opaque,
  nonce: opaque,
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  nombre: text(120).trim().optional(),
});

const tokenFormSchema = z.object({
  grant_type: z.literal('authorization_code'),
  code: text(128),
  redirect_uri: text(2048),
  code_verifier: pkceValue,
  client_id: text(200).optional(),
  client_secret: text(200).optional(),
});

/** Parses with zod into the shared 400; the issuer's forms are not JSON, so not a route schema. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError(
    400,
    ERROR_CODES.validacion,
    'Los datos enviados no son válidos',
    parsed.error.issues.map((issue) => ({
      campo: issue.path.join('.'),
      mensaje: issue.message,
    })),
  );
}

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The issuer the API itself talks to: this same server over loopback. */
export const localIssuerUrl = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${LOCAL_ISSUER_PATH}`;

/**
 * A small OpenID Connect provider for demo and test mode, standing in for Google on a machine
 * without network: discovery, JWKS, an authorization page where the person types the Google
 * identity to use ('Modo de prueba'), and a token endpoint that checks the client secret, the
 * redirect URI and PKCE (S256) and signs an RS256 id_token with the nonce.
 *
 * It answers only clients on this machine (the browser of a local demo, and the API itself),
 * its inputs are bounded, every failure is the shared error body, codes live a minute and are
 * swept, and the forms have the login's rate limits. Identities it vouches for are marked
 * 'local' by the caller and never open an existing account.
 */
export async function registerLocalOidcIssuer(
  app: FastifyInstance,
  settings: LocalIssuerSettings,
): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const codes = createPendingCodes<PendingCode>({
    ttlMs: LOCAL_CODE_TTL_MS,
    max: LOCAL_MAX_PENDING_CODES,
  });

  await app.register(
    async (scope) => {
      const issuer = scope.withTypeProvider<ZodTypeProvider>();
      issuer.addHook('onRequest', async (request) => {
        if (!esClienteLocal(request)) throw soloLocal();
      });
      issuer.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16_384 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const { perIp, perEmail } = await settings.attemptLimits(scope);

      issuer.get('/.well-known/openid-configuration', async () => {
        const base = localIssuerUrl(app);
        return {
          issuer: base,
          authorization_endpoint: `${settings.publicUrl}${LOCAL_ISSUER_PATH}/authorize`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          scopes_supported: ['openid', 'email', 'profile'],
          claims_supported: ['sub', 'email', 'email_verified', 'name'],
        };
      });

      issuer.get('/jwks', async () => ({ keys: [jwk] }));

      issuer.get('/authorize', { preHandler: [perIp] }, async (request, reply) => {
        const q = parse(authorizeQuerySchema, request.query);
        if (q.client_id !== settings.clientId || q.redirect_uri !== settings.redirectUri) {
          throw clienteInvalido();
        }
        const hidden = (['redirect_uri', 'state', 'nonce', 'code_challenge'] as const)
          .map(
            (name) => `<input type="hidden" name="${name}" value="${escapeHtml(q[name] ?? '')}">`,
          )
          .join('');
        return reply.type('text/html').send(`<!doctype html>
<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Modo de prueba · Google</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f7f6;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:16px;box-shadow:0 4px 24px #0001;padding:28px;width:min(92vw,380px)}
h1{font-size:1.25rem;margin:0 0 4px}p{color:#555;margin:0 0 20px;font-size:.9rem}
label{display:block;font-size:.85rem;font-weight:600;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #ccd;border-radius:10px;font-size:1rem}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:10px;background:#059669;color:#fff;font-weight:600;font-size:1rem;cursor:pointer}</style>
</head><body><main><h1>Modo de prueba</h1>
<p>Inicio de sesión con Google simulado: elige la cuenta con la que quieres entrar. Solo crea o abre cuentas de prueba; nunca da acceso a una cuenta que ya existe con ese email.</p>
<form method="post" action="${LOCAL_ISSUER_PATH}/authorize">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="254" value="google.demo@compragrupal.com.ar">
<label for="nombre">Nombre</label><input id="nombre" name="nombre" required maxlength="120" value="Usuario de Google">
<button type="submit">Continuar</button></form></main></body></html>`);
      });

      issuer.post('/authorize', { preHandler: [perIp] }, async (request, reply) => {
        const form = parse(authorizeFormSchema, request.body);
        if (form.redirect_uri !== settings.redirectUri) throw solicitudInvalida();
        // Counted per typed email too, like the login form (the body is parsed by now).
        request.body = form;
        await perEmail(request, reply);
        const code = randomBytes(24).toString('base64url');
        const added = codes.add(code, {
          redirectUri: form.redirect_uri,
          codeChallenge: form.code_challenge,
          nonce: form.nonce || undefined,
          email: form.email,
          nombre: form.nombre || form.email,
        });
        if (!added) {
          reply.header('retry-after', Math.ceil(LOCAL_CODE_TTL_MS / 1000));
          throw emisorOcupado();
        }
        const target = new URL(settings.redirectUri);
        target.searchParams.set('code', code);
        if (form.state) target.searchParams.set('state', form.state);
        return reply.redirect(target.href);
      });

      issuer.post('/token', { preHandler: [perIp] }, async (request, reply) => {
        const form = parse(tokenFormSchema, request.body);
        const basic = request.headers.authorization?.match(
          /^Basic\s+([A-Za-z0-9+/=]{1,1024})$/i,
        )?.[1];
        let credentials: (string | undefined)[] = [form.client_id, form.client_secret];
        if (basic) {
          try {
            credentials = Buffer.from(basic, 'base64')
              .toString()
              .split(':')
              .map(decodeURIComponent);
          } catch {
            throw clienteInvalido();
          }
        }
        const [clientId, clientSecret] = credentials;
        if (clientId !== settings.clientId || !sameSecret(clientSecret, settings.clientSecret)) {
          throw clienteInvalido();
        }
        // A code is used once, whatever the outcome.
        const pending = codes.take(form.code);
        const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
        if (
          !pending ||
          pending.redirectUri !== form.redirect_uri ||
          pending.codeChallenge !== challenge
        ) {
          throw codigoInvalido();
        }
        const sub = `local-${createHash('sha256').update(pending.email).digest('hex').slice(0, 24)}`;
        const idToken = await new SignJWT({
          email: pending.email,
          email_verified: true,
          name: pending.nombre,
          ...(pending.nonce ? { nonce: pending.nonce } : {}),
        })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setIssuer(localIssuerUrl(app))
          .setAudience(settings.clientId)
          .setSubject(sub)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return reply.header('cache-control', 'no-store').send({
          access_token: randomBytes(24).toString('base64url'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        });
      });
    },
    { prefix: LOCAL_ISSUER_PATH },
  );
}
