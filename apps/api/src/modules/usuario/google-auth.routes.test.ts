import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshCookieOf, registerAndLogin, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

const PUBLIC_URL = 'http://localhost:3999';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const pathOf = (location: string) => {
  const url = new URL(location, PUBLIC_URL);
  return `${url.pathname}${url.search}`;
};

const transactionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'oidcTransaction')?.value;

/**
 * Plays the browser through the real flow against the embedded issuer: the API's own calls
 * (discovery, token exchange, JWKS) cross loopback to the listening server.
 */
async function signInWithGoogle(app: FastifyInstance, identity: { email: string; nombre: string }) {
  const start = await app.inject({ url: '/api/usuario/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(PUBLIC_URL);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const transaction = transactionCookie(start);
  expect(transaction).toBeTruthy();

  const page = await app.inject({ url: pathOf(authorize.href) });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Modo de prueba');

  const consent = await app.inject({
    method: 'POST',
    url: '/oidc-local/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      state: authorize.searchParams.get('state') ?? '',
      nonce: authorize.searchParams.get('nonce') ?? '',
      code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      ...identity,
    }).toString(),
  });
  expect(consent.statusCode).toBe(302);
  const callback = new URL(consent.headers.location as string);
  expect(callback.pathname).toBe('/api/usuario/auth/google/callback');
  return { callbackPath: pathOf(callback.href), transaction: transaction ?? '' };
}

/** What the web page at /auth/callback does: renews with the refresh cookie it was given. */
async function tokenAfterCallback(app: FastifyInstance, done: LightMyRequestResponse) {
  expect(done.statusCode).toBe(302);
  expect(done.headers.location).toBe('/auth/callback');
  const refreshToken = refreshCookieOf(done);
  expect(refreshToken).toBeTruthy();
  const renewed = await app.inject({
    method: 'POST',
    url: '/api/usuario/refreshToken',
    cookies: { refreshToken: refreshToken ?? '' },
  });
  expect(renewed.statusCode).toBe(200);
  const accessToken = renewed.json().accessToken as string;
  return { accessToken, userId: decodeJwt(accessToken).userId as string };
}

async function startApp(env: Record<string, string> = {}) {
  t = await createTestApp({ PUBLIC_URL, GOOGLE_AUTH_MODE: 'local', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t.app;
}

describe('Google sign-in through the local OIDC issuer', () => {
  it('tells the web that Google sign-in is available', async () => {
    const app = await startApp();
    const res = await app.inject({ url: '/api/usuario/auth/metodos' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true });
  });

  it('creates the user, sets the refresh cookie and lands on /auth/callback without a token', async () => {
    const app = await startApp();
    const email = uniqueEmail('google');
    const { callbackPath, transaction } = await signInWithGoogle(app, {
      email,
      nombre: 'Sofía Google',
    });
    const done = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    const { accessToken, userId } = await tokenAfterCallback(app, done);

    const perfil = await app.inject({
      url: `/api/usuario/${userId}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(perfil.json()).toEqual({
      success: true,
      usuario: { nombre: 'Sofía Google', email, emailVerificado: true },
    });

    // Signing in again finds the same account by the provider's subject.
    const again = await signInWithGoogle(app, { email, nombre: 'Otro nombre' });
    const second = await app.inject({
      url: again.callbackPath,
      cookies: { oidcTransaction: again.transaction },
    });
    expect((await tokenAfterCallback(app, second)).userId).toBe(userId);
  });

  it('never opens an existing account: the test issuer vouches for no email', async () => {
    const app = await startApp();
    const existing = await registerAndLogin(app);
    const { callbackPath, transaction } = await signInWithGoogle(app, {
      email: existing.email,
      nombre: 'Ana',
    });
    const done = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    expect(done.headers.location).toBe('/login?error=google');
    expect(refreshCookieOf(done)).toBeUndefined();
  });

  it('fails to /login?error=google on a tampered state, a missing or forged transaction', async () => {
    const app = await startApp();
    const { callbackPath, transaction } = await signInWithGoogle(app, {
      email: uniqueEmail(),
      nombre: 'X',
    });
    const tampered = callbackPath.replace(/state=[^&]+/, 'state=otro');
    for (const attempt of [
      { url: tampered, cookies: { oidcTransaction: transaction } },
      { url: callbackPath },
      { url: callbackPath, cookies: { oidcTransaction: transaction.replace(/.$/, 'x') } },
    ]) {
      const res = await app.inject(attempt);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google');
      expect(refreshCookieOf(res)).toBeUndefined();
    }
  });

  it('a code can be exchanged only once', async () => {
    const app = await startApp();
    const { callbackPath, transaction } = await signInWithGoogle(app, {
      email: uniqueEmail(),
      nombre: 'X',
    });
    const first = await app.inject({
      url: callbackPath,
      cookies: { oidcTransaction: transaction },
    });
    expect(first.headers.location).toBe('/auth/callback');
    const replay = await app.inject({
      url: callbackPath,
      cookies: { oidcTransaction: transaction },
    });
    expect(replay.headers.location).toBe('/login?error=google');
  });
});

describe('Google sign-in not configured', () => {
  it('sends the browser back to the login screen with the Google error', async () => {
    t = await createTestApp({ GOOGLE_AUTH_MODE: 'off' });
    const res = await t.app.inject({ url: '/api/usuario/auth/google' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=google');
    const issuer = await t.app.inject({ url: '/oidc-local/.well-known/openid-configuration' });
    expect(issuer.statusCode).toBe(404);
  });

  it("tells the web not to offer 'Continuar con Google'", async () => {
    t = await createTestApp({ GOOGLE_AUTH_MODE: 'off' });
    const res = await t.app.inject({ url: '/api/usuario/auth/metodos' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });

  it('reports an unreachable provider the same way', async () => {
    t = await createTestApp({
      GOOGLE_AUTH_MODE: 'google',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:9/',
      GOOGLE_CLIENT_ID: 'cliente',
      GOOGLE_CLIENT_SECRET: 'secreto',
    });
    const res = await t.app.inject({ url: '/api/usuario/auth/google' });
    expect(res.headers.location).toBe('/login?error=google');
  });
});
