import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const LOCAL_ISSUER_PATH = '/oidc-local';

export interface LocalIssuerSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Base URL the browser uses (PUBLIC_URL). */
  publicUrl: string;
}

interface PendingCode {
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  email: string;
  nombre: string;
  expiresAt: number;
}

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
 */
export async function registerLocalOidcIssuer(
  app: FastifyInstance,
  settings: LocalIssuerSettings,
): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();

  await app.register(
    async (issuer) => {
      issuer.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );

      const oauthError = (reply: FastifyReply, status: number, error: string) =>
        reply.status(status).send({ error });

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

      issuer.get('/authorize', async (request, reply) => {
        const q = request.query as Record<string, string | undefined>;
        if (q.client_id !== settings.clientId || q.redirect_uri !== settings.redirectUri) {
          return oauthError(reply, 400, 'invalid_client');
        }
        if (q.response_type !== 'code' || q.code_challenge_method !== 'S256' || !q.code_challenge) {
          return oauthError(reply, 400, 'invalid_request');
        }
        const hidden = ['redirect_uri', 'state', 'nonce', 'code_challenge']
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
<p>Inicio de sesión con Google simulado: elige la cuenta con la que quieres entrar.</p>
<form method="post" action="${LOCAL_ISSUER_PATH}/authorize">${hidden}
<label for="email">Email</label><input id="email" name="email" type="email" required value="google.demo@compragrupal.com.ar">
<label for="nombre">Nombre</label><input id="nombre" name="nombre" required value="Usuario de Google">
<button type="submit">Continuar</button></form></main></body></html>`);
      });

      issuer.post('/authorize', async (request, reply) => {
        const form = request.body as Record<string, string | undefined>;
        const email = form.email?.trim().toLowerCase();
        if (form.redirect_uri !== settings.redirectUri || !form.code_challenge || !email) {
          return oauthError(reply, 400, 'invalid_request');
        }
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          redirectUri: form.redirect_uri,
          codeChallenge: form.code_challenge,
          nonce: form.nonce || undefined,
          email,
          nombre: form.nombre?.trim() || email,
          expiresAt: Date.now() + 60_000,
        });
        const target = new URL(settings.redirectUri);
        target.searchParams.set('code', code);
        if (form.state) target.searchParams.set('state', form.state);
        return reply.redirect(target.href);
      });

      issuer.post('/token', async (request, reply) => {
        const form = request.body as Record<string, string | undefined>;
        const basic = request.headers.authorization?.match(/^Basic\s+(.+)$/i)?.[1];
        const [basicId, basicSecret] = basic
          ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
          : [form.client_id, form.client_secret];
        if (basicId !== settings.clientId || basicSecret !== settings.clientSecret) {
          return oauthError(reply, 401, 'invalid_client');
        }
        const pending = form.code ? codes.get(form.code) : undefined;
        if (form.code) codes.delete(form.code);
        const challenge = createHash('sha256')
          .update(form.code_verifier ?? '')
          .digest('base64url');
        if (
          form.grant_type !== 'authorization_code' ||
          !pending ||
          pending.expiresAt < Date.now() ||
          pending.redirectUri !== form.redirect_uri ||
          pending.codeChallenge !== challenge
        ) {
          return oauthError(reply, 400, 'invalid_grant');
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
