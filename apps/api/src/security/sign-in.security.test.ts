import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  createPendingCodes,
  type LocalIssuerSettings,
  registerLocalOidcIssuer,
} from '../adapters/identity/local-oidc-issuer';
import { runAdminCommand } from '../cli/admin.commands';
import { usuarios } from '../db/schema';
import { DEMO_PASSWORD, DEMO_USUARIOS } from '../demo/demo-usuarios';
import { hashPassword } from '../modules/usuario/password';
import { createUsuarioService } from '../modules/usuario/usuario.service';
import { createRepositories } from '../repositories';
import { refreshCookieOf, registerAndLogin, uniqueEmail, verifyEmail } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';

// Files share their worker's modules (isolate: false): a file that ran before this one may
// have loaded the app with the real hash already, and the mock below would not reach it. A
// fresh module graph for this file lets it apply; the next file starts fresh again.
vi.hoisted(() => vi.resetModules());
afterAll(() => vi.resetModules());

/** While set, hashing a password waits for it: finding 5 holds the hash open. */
let hashGate: Promise<void> | null = null;
vi.mock('../modules/usuario/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../modules/usuario/password')>();
  return {
    ...actual,
    hashPassword: vi.fn(async (password: string) => {
      if (hashGate) await hashGate;
      return actual.hashPassword(password);
    }),
  };
});

const PUBLIC_URL = 'http://localhost:3999';
const CALLBACK = `${PUBLIC_URL}/api/usuario/auth/google/callback`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  // A test that failed while holding the hash must not leave it held: files after this one
  // share the worker's modules (isolate: false), this mock included.
  hashGate = null;
  vi.restoreAllMocks();
  for (const item of open.splice(0).reverse()) await item.close();
});

async function testApp(
  env: Parameters<typeof createTestApp>[0] = {},
  listen = false,
  demoStores = false,
) {
  const t: TestApp = await createTestApp({ PUBLIC_URL, ...env }, { demoStores });
  open.push(t);
  if (listen) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

const localApp = (env: Parameters<typeof createTestApp>[0] = {}) =>
  testApp({ GOOGLE_AUTH_MODE: 'local', ...env }, true);

/**
 * "Google" for these tests: the same OpenID provider code on its own loopback server, with a
 * known client, so the API runs in GOOGLE_AUTH_MODE=google against it (real Google's rules).
 */
async function startFakeGoogle(): Promise<string> {
  const provider = Fastify();
  const settings: LocalIssuerSettings = {
    clientId: 'cliente-google',
    clientSecret: 'secreto-google',
    redirectUri: CALLBACK,
    publicUrl: '',
    attemptLimits: async () => ({ perIp: async () => {}, perEmail: async () => {} }),
  };
  await registerLocalOidcIssuer(provider, settings);
  const address = await provider.listen({ port: 0, host: '127.0.0.1' });
  settings.publicUrl = address;
  open.push(provider);
  return `${address}/oidc-local`;
}

async function googleApp({
  demoStores = false,
  env = {},
}: {
  demoStores?: boolean;
  env?: Parameters<typeof createTestApp>[0];
} = {}) {
  const issuer = await startFakeGoogle();
  return testApp(
    {
      GOOGLE_AUTH_MODE: 'google',
      GOOGLE_ISSUER_URL: issuer,
      GOOGLE_CLIENT_ID: 'cliente-google',
      GOOGLE_CLIENT_SECRET: 'secreto-google',
      ...env,
    },
    false,
    demoStores,
  );
}

const pathOf = (href: string) => {
  const url = new URL(href, PUBLIC_URL);
  return `${url.pathname}${url.search}`;
};

const cookieOf = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value || undefined;

/** A browser through the local flow: start at the API, consent at its test issuer. */
async function googleFlow(app: FastifyInstance, identity: { email: string; nombre?: string }) {
  const start = await app.inject({ url: '/api/usuario/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  const transaction = cookieOf(start, 'oidcTransaction') ?? '';
  const consent = await app.inject({
    method: 'POST',
    url: '/oidc-local/authorize',
    headers: FORM,
    payload: new URLSearchParams({
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      state: authorize.searchParams.get('state') ?? '',
      nonce: authorize.searchParams.get('nonce') ?? '',
      code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      nombre: identity.nombre ?? 'Persona de Google',
      email: identity.email,
    }).toString(),
  });
  expect(consent.statusCode).toBe(302);
  return { callbackPath: pathOf(consent.headers.location as string), transaction };
}

/** Google flow against the fake Google provider server (a separate origin). */
async function realGoogleFlow(app: FastifyInstance, email: string) {
  const start = await app.inject({ url: '/api/usuario/auth/google' });
  const authorize = new URL(start.headers.location as string);
  const transaction = cookieOf(start, 'oidcTransaction') ?? '';
  const consent = await fetch(new URL('/oidc-local/authorize', authorize.origin), {
    method: 'POST',
    redirect: 'manual',
    headers: FORM,
    body: new URLSearchParams({
      redirect_uri: authorize.searchParams.get('redirect_uri') ?? '',
      state: authorize.searchParams.get('state') ?? '',
      nonce: authorize.searchParams.get('nonce') ?? '',
      code_challenge: authorize.searchParams.get('code_challenge') ?? '',
      nombre: 'Persona de Google',
      email,
    }),
  });
  expect(consent.status).toBe(302);
  const callbackPath = pathOf(consent.headers.get('location') ?? '');
  return app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
}

const loginAs = (
  app: FastifyInstance,
  email: string,
  contrasenia: string,
  extra: { cookies?: Record<string, string>; remoteAddress?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/usuario/login',
    payload: { email, contrasenia },
    ...extra,
  });

const userIdOf = (res: LightMyRequestResponse) =>
  decodeJwt(res.json().accessToken as string).userId as string;

const expectErrorShape = (res: LightMyRequestResponse, status: number, code?: string) => {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ error: expect.any(String), mensaje: expect.any(String) });
  expect(body.code).toEqual(code ?? expect.any(String));
};

describe('finding 1: the local test issuer handed out any account (the admin included)', () => {
  it('is off unless asked for', async () => {
    const { app } = await testApp();
    const res = await app.inject({ url: '/oidc-local/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(404);
  });

  it('answers only this machine: the socket peer, not a forged X-Forwarded-For', async () => {
    const { app } = await localApp({ TRUST_PROXY: '1' });
    const paths = ['/.well-known/openid-configuration', '/jwks', '/authorize'];
    for (const path of paths) {
      const remote = await app.inject({
        url: `/oidc-local${path}`,
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expectErrorShape(remote, 403, 'EMISOR_DE_PRUEBA_SOLO_LOCAL');
    }
    // Loopback through a reverse proxy on the same host is still someone else.
    const proxied = await app.inject({
      url: '/oidc-local/jwks',
      headers: { 'x-forwarded-for': '198.51.100.4' },
    });
    expectErrorShape(proxied, 403, 'EMISOR_DE_PRUEBA_SOLO_LOCAL');
    const local = await app.inject({ url: '/oidc-local/jwks' });
    expect(local.statusCode).toBe(200);
  });

  it('never signs in to an existing account: typing the admin email fails', async () => {
    const { app } = await localApp();
    const { callbackPath, transaction } = await googleFlow(app, {
      email: DEMO_USUARIOS.admin.email,
    });
    const res = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    expect(res.headers.location).toBe('/login?error=google');
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('never creates the account of an ADMIN_EMAILS address that has not registered yet', async () => {
    const jefa = uniqueEmail('jefa');
    const { app } = await localApp({ ADMIN_EMAILS: jefa });
    const { callbackPath, transaction } = await googleFlow(app, { email: jefa });
    const res = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    expect(res.headers.location).toBe('/login?error=google');
    expect(refreshCookieOf(res)).toBeUndefined();
  });

  it('real Google asks for the password once before linking a password account', async () => {
    const { app, database } = await googleApp();
    const cuenta = await registerAndLogin(app);

    const callback = await realGoogleFlow(app, cuenta.email);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=google-vincular');
    expect(refreshCookieOf(callback)).toBeUndefined();
    const pending = callback.cookies.find((c) => c.name === 'googleVincular');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/usuario' });
    expect(pending?.maxAge).toBeLessThanOrEqual(600);
    const cookies = { googleVincular: pending?.value ?? '' };

    // A wrong password links nothing.
    expect((await loginAs(app, cuenta.email, 'no-es-la-clave', { cookies })).statusCode).toBe(401);
    // A forged (unsigned) pending link is ignored.
    const forged = await loginAs(app, cuenta.email, 'secreta123', {
      cookies: { googleVincular: JSON.stringify({ sub: 'otro', email: cuenta.email }) },
    });
    expect(forged.statusCode).toBe(200);
    const [row] = await database.db.select().from(usuarios).where(eq(usuarios.id, cuenta.userId));
    expect(row?.googleSub).toBeNull();

    // The right password links it and clears the cookie.
    const ok = await loginAs(app, cuenta.email, 'secreta123', { cookies });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === 'googleVincular')?.value).toBe('');
    // From now on Google opens that account.
    const again = await realGoogleFlow(app, cuenta.email);
    expect(again.headers.location).toBe('/auth/callback');
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/usuario/refreshToken',
      cookies: { refreshToken: refreshCookieOf(again) ?? '' },
    });
    expect(userIdOf(renewed)).toBe(cuenta.userId);
  });

  it('real Google never links an admin, courier or seller account without a password', async () => {
    const { app, database } = await googleApp({ demoStores: true });
    const admin = uniqueEmail('admin');
    const repartidor = uniqueEmail('repartidor');
    await database.db.insert(usuarios).values([
      { id: '0000000000000000000000a1', nombre: 'Admin', email: admin, esAdmin: true },
      { id: '0000000000000000000000a2', nombre: 'Rep', email: repartidor, esRepartidor: true },
    ]);
    // A seller (owns a demo store) whose account has no password.
    const vendedor = 'vendedor@compragrupal.com.ar';
    await database.db
      .update(usuarios)
      .set({ contraseniaHash: null })
      .where(eq(usuarios.email, vendedor));
    for (const email of [admin, repartidor, vendedor]) {
      const res = await realGoogleFlow(app, email);
      expect(res.headers.location).toBe('/login?error=google');
      expect(refreshCookieOf(res)).toBeUndefined();
      expect(cookieOf(res, 'googleVincular')).toBeUndefined();
    }
    // A plain Google-only account without roles is still linked.
    const comun = uniqueEmail('comun');
    await database.db
      .insert(usuarios)
      .values({ id: '0000000000000000000000a3', nombre: 'Común', email: comun });
    expect((await realGoogleFlow(app, comun)).headers.location).toBe('/auth/callback');
  });
});

describe('finding 2: the test issuer answered raw 500s, had no limits and kept codes forever', () => {
  it('answers bad input with the shared error body, bounded', async () => {
    const { app } = await localApp();
    const authorize = await app.inject({ url: '/oidc-local/authorize?client_id=x' });
    expectErrorShape(authorize, 400, 'VALIDACION');
    const token = await app.inject({
      method: 'POST',
      url: '/oidc-local/token',
      headers: FORM,
      payload: 'grant_type=authorization_code&code=abc',
    });
    expectErrorShape(token, 400, 'VALIDACION');
    const badBasic = await app.inject({
      method: 'POST',
      url: '/oidc-local/token',
      headers: { ...FORM, authorization: 'Basic %%%' },
      payload: `grant_type=authorization_code&code=abc&redirect_uri=x&code_verifier=${'a'.repeat(43)}`,
    });
    expect(badBasic.statusCode).toBeGreaterThanOrEqual(400);
    expect(badBasic.statusCode).toBeLessThan(500);
    expectErrorShape(badBasic, badBasic.statusCode);

    const start = await app.inject({ url: '/api/usuario/auth/google' });
    const q = new URL(start.headers.location as string).searchParams;
    const form = (overrides: Record<string, string>) =>
      new URLSearchParams({
        redirect_uri: q.get('redirect_uri') ?? '',
        code_challenge: q.get('code_challenge') ?? '',
        state: q.get('state') ?? '',
        email: 'ana@ejemplo.com.ar',
        nombre: 'Ana',
        ...overrides,
      }).toString();
    const invalid: Record<string, string>[] = [
      { email: `${'a'.repeat(250)}@ejemplo.com.ar` },
      { email: 'no-es-un-email' },
      { nombre: 'N'.repeat(121) },
      { nombre: 'Ana\u0000' },
      { state: 's'.repeat(513) },
      { code_challenge: 'corto' },
    ];
    for (const overrides of invalid) {
      const res = await app.inject({
        method: 'POST',
        url: '/oidc-local/authorize',
        headers: FORM,
        payload: form(overrides),
      });
      expectErrorShape(res, 400, 'VALIDACION');
    }
  });

  it('codes expire after a minute', async () => {
    const { app } = await localApp();
    const { callbackPath, transaction } = await googleFlow(app, { email: uniqueEmail() });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    const res = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    expect(res.headers.location).toBe('/login?error=google');
  });

  it('the code store sweeps expired codes and refuses past its cap', () => {
    const codes = createPendingCodes<string>({ ttlMs: 60_000, max: 3 });
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    for (const code of ['a', 'b', 'c']) expect(codes.add(code, code)).toBe(true);
    expect(codes.add('d', 'd')).toBe(false);
    expect(codes.take('a')).toBe('a');
    expect(codes.take('a')).toBeUndefined();
    clock.mockReturnValue(now + 60_000);
    expect(codes.take('b')).toBeUndefined();
    expect(codes.size).toBe(0);
    expect(codes.add('e', 'e')).toBe(true);
  });

  it('says it is busy (503) instead of growing without end', async () => {
    const { app } = await localApp();
    const start = await app.inject({ url: '/api/usuario/auth/google' });
    const q = new URL(start.headers.location as string).searchParams;
    const payload = new URLSearchParams({
      redirect_uri: q.get('redirect_uri') ?? '',
      code_challenge: q.get('code_challenge') ?? '',
      email: 'masivo@ejemplo.com.ar',
      nombre: 'Masivo',
    }).toString();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= 1000; i++) {
      last = await app.inject({
        method: 'POST',
        url: '/oidc-local/authorize',
        headers: FORM,
        payload,
      });
      if (last.statusCode !== 302) break;
    }
    expect(last && expectErrorShape(last, 503, 'EMISOR_DE_PRUEBA_OCUPADO')).toBeUndefined();
    expect(last?.headers['retry-after']).toBe('60');
    // A thousand requests through the whole app (and the contract check of each answer).
  }, 120_000);

  it('has the login limits', async () => {
    const { app } = await localApp({ AUTH_RATE_LIMIT_MAX: '1' });
    const start = await app.inject({ url: '/api/usuario/auth/google' });
    const q = new URL(start.headers.location as string).searchParams;
    const payload = new URLSearchParams({
      redirect_uri: q.get('redirect_uri') ?? '',
      code_challenge: q.get('code_challenge') ?? '',
      email: 'la.misma@ejemplo.com.ar',
      nombre: 'X',
    }).toString();
    const post = () =>
      app.inject({ method: 'POST', url: '/oidc-local/authorize', headers: FORM, payload });
    expect((await post()).statusCode).toBe(302);
    expectErrorShape(await post(), 429, 'DEMASIADAS_SOLICITUDES');
  });
});

describe('finding 3: the access token travelled in the callback address', () => {
  it('lands on /auth/callback with no token; the page renews with the cookie', async () => {
    const { app } = await localApp();
    const { callbackPath, transaction } = await googleFlow(app, { email: uniqueEmail() });
    const res = await app.inject({ url: callbackPath, cookies: { oidcTransaction: transaction } });
    expect(res.headers.location).toBe('/auth/callback');
    expect(res.headers.location).not.toMatch(/token/i);
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/usuario/refreshToken',
      cookies: { refreshToken: refreshCookieOf(res) ?? '' },
    });
    expect(renewed.statusCode).toBe(200);
  });

  it('a callback replayed in another browser fails, with or without its own flow', async () => {
    const { app } = await localApp();
    // The attacker runs the flow in their browser and sends the callback link to a victim.
    const attacker = await googleFlow(app, { email: uniqueEmail('atacante') });
    const victimWithout = await app.inject({ url: attacker.callbackPath });
    expect(victimWithout.headers.location).toBe('/login?error=google');
    expect(refreshCookieOf(victimWithout)).toBeUndefined();
    // The victim had started a sign-in of their own: their transaction does not match.
    const victimStart = await app.inject({ url: '/api/usuario/auth/google' });
    const victimWith = await app.inject({
      url: attacker.callbackPath,
      cookies: { oidcTransaction: cookieOf(victimStart, 'oidcTransaction') ?? '' },
    });
    expect(victimWith.headers.location).toBe('/login?error=google');
    expect(refreshCookieOf(victimWith)).toBeUndefined();
  });
});

describe("finding 4: someone else's wrong guesses locked a person out", () => {
  it('the usual browser still gets in; guesses are limited per email and address', async () => {
    const { app } = await testApp({ AUTH_RATE_LIMIT_MAX: '2' });
    const victima = await registerAndLogin(app, { email: uniqueEmail('victima') });
    // The victim's usual browser: it signed in before and holds the known-device cookie.
    const usual = await loginAs(app, victima.email, 'secreta123', { remoteAddress: '10.9.0.1' });
    const device = cookieOf(usual, 'dispositivoConocido');
    expect(device).toBeTruthy();
    expect(usual.cookies.find((c) => c.name === 'dispositivoConocido')).toMatchObject({
      httpOnly: true,
    });

    // One attacker address: tight per (email, address) limit.
    const fromOne: number[] = [];
    for (let i = 0; i < 3; i++) {
      fromOne.push(
        (await loginAs(app, victima.email, 'adivino', { remoteAddress: '198.51.100.1' }))
          .statusCode,
      );
    }
    expect(fromOne).toEqual([401, 401, 429]);
    // Many addresses: the looser per-email limit fills up (5 × 2 failures).
    for (let i = 2; i <= 9; i++) {
      await loginAs(app, victima.email, 'adivino', { remoteAddress: `198.51.100.${i}` });
    }
    const newBrowser = await loginAs(app, victima.email, 'secreta123', {
      remoteAddress: '10.9.0.2',
    });
    expectErrorShape(newBrowser, 429, 'DEMASIADAS_SOLICITUDES');
    const forgedDevice = await loginAs(app, victima.email, 'secreta123', {
      remoteAddress: '10.9.0.2',
      cookies: { dispositivoConocido: device?.split('.')[0] ?? 'x' },
    });
    expect(forgedDevice.statusCode).toBe(429);

    // The victim's usual browser with the right password is not locked out.
    const again = await loginAs(app, victima.email, 'secreta123', {
      remoteAddress: '10.9.0.1',
      cookies: { dispositivoConocido: device ?? '' },
    });
    expect(again.statusCode).toBe(200);
    expect(userIdOf(again)).toBe(victima.userId);
  });
});

describe('finding 5: register told by its timing whether an email has an account', () => {
  it('answers a taken email only after hashing its password, and as a new one', async () => {
    const { app } = await testApp();
    const taken = await registerAndLogin(app);
    // The hash is the slow part of both answers (tens of milliseconds). Holding it open proves
    // the taken email's answer waits for it instead of returning in a few milliseconds.
    let releaseHash = () => {};
    hashGate = new Promise<void>((resolve) => {
      releaseHash = resolve;
    });
    vi.mocked(hashPassword).mockClear();
    let answered = false;
    const dup = app
      .inject({
        method: 'POST',
        url: '/api/usuario/registrar',
        payload: {
          nombre: 'X',
          email: taken.email,
          contrasenia: 'otra-clave-9',
          telefono: '1144445555',
        },
      })
      .then((res) => {
        answered = true;
        return res;
      });
    await vi.waitFor(() => expect(hashPassword).toHaveBeenCalledWith('otra-clave-9'));
    // Every step after the hash (the lookup, the answer) had its turns; nothing was sent yet.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    releaseHash();
    hashGate = null;
    const res = await dup;
    // And then it answers as a new address does (issue 34): the owner is told by mail.
    expect(res.statusCode).toBe(201);
    expect(res.json().mensaje).toBe('Usuario registrado correctamente');
  });
});

/**
 * Issue 23 finding: ADMIN_EMAILS made admin whoever registered that address first (nobody
 * checks a typed email). Admin rights now come from `npm run admin -- promote` or from a real
 * Google sign-in whose verified email is listed; never from registering an address.
 */
describe('finding 4: ADMIN_EMAILS made admin whoever registered the address first', () => {
  /** The session a Google callback opened, as the /auth/callback page renews it. */
  async function accessOf(app: FastifyInstance, callback: LightMyRequestResponse) {
    expect(callback.headers.location).toBe('/auth/callback');
    const renewed = await app.inject({
      method: 'POST',
      url: '/api/usuario/refreshToken',
      cookies: { refreshToken: refreshCookieOf(callback) ?? '' },
    });
    expect(renewed.statusCode).toBe(200);
    const accessToken = renewed.json().accessToken as string;
    return { userId: userIdOf(renewed), auth: { authorization: `Bearer ${accessToken}` } };
  }
  const esAdmin = async (
    app: FastifyInstance,
    who: { userId: string; auth: { authorization: string } },
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/usuario/esAdmin',
      headers: who.auth,
      payload: { userId: who.userId },
    });
    expect(res.statusCode).toBe(200);
    const revision = await app.inject({ url: '/api/admin/tiendas', headers: who.auth });
    expect(revision.statusCode).toBe(res.json().esAdmin ? 200 : 403);
    return res.json().esAdmin as boolean;
  };

  it('registering a listed address with a password, and logging in, gives no admin', async () => {
    const jefa = uniqueEmail('jefa');
    const { app, database } = await googleApp({ env: { ADMIN_EMAILS: `otra@x.com.ar, ${jefa}` } });
    const intruso = await registerAndLogin(app, { email: jefa });
    expect(await esAdmin(app, intruso)).toBe(false);
    const [row] = await database.db.select().from(usuarios).where(eq(usuarios.email, jefa));
    expect(row?.esAdmin).toBe(false);
  });

  it('a real Google sign-in with that verified email makes the account admin; another email does not', async () => {
    const jefa = uniqueEmail('jefa');
    const { app, database } = await googleApp({ env: { ADMIN_EMAILS: jefa.toUpperCase() } });
    const cuenta = await accessOf(app, await realGoogleFlow(app, jefa));
    expect(await esAdmin(app, cuenta)).toBe(true);
    const [row] = await database.db.select().from(usuarios).where(eq(usuarios.id, cuenta.userId));
    expect(row).toMatchObject({ email: jefa, esAdmin: true, contraseniaHash: null });

    const otra = await accessOf(app, await realGoogleFlow(app, uniqueEmail('otra')));
    expect(await esAdmin(app, otra)).toBe(false);
  });

  it('a password account of a listed address becomes admin only once its owner signs in with Google', async () => {
    const jefa = uniqueEmail('jefa');
    const { app } = await googleApp({ env: { ADMIN_EMAILS: jefa } });
    const cuenta = await registerAndLogin(app, { email: jefa });
    // Google asks for the account's password once, then links.
    const callback = await realGoogleFlow(app, jefa);
    expect(callback.headers.location).toBe('/login?error=google-vincular');
    const googleVincular = cookieOf(callback, 'googleVincular') ?? '';
    const vinculado = await loginAs(app, jefa, 'secreta123', { cookies: { googleVincular } });
    expect(vinculado.statusCode).toBe(200);
    expect(await esAdmin(app, cuenta)).toBe(false);
    // The Google sign-in vouches for the email: now the listed address is admin.
    const porGoogle = await accessOf(app, await realGoogleFlow(app, jefa));
    expect(porGoogle.userId).toBe(cuenta.userId);
    expect(await esAdmin(app, cuenta)).toBe(true);
  });

  it('an unverified email or the local test issuer never grants it, even for a linked account', async () => {
    const { database } = await testApp();
    const jefa = uniqueEmail('jefa');
    const repository = createRepositories(database.db).usuario;
    const servicio = createUsuarioService({ repository, adminEmails: [jefa] });
    const id = '0000000000000000000000b1';
    await database.db
      .insert(usuarios)
      .values({ id, nombre: 'Jefa', email: jefa, googleSub: 's-1' });
    const ingreso = { sub: 's-1', email: jefa, nombre: 'Jefa' };
    const esAdminAhora = async () => (await repository.findById(id))?.esAdmin;
    await servicio.ingresarConGoogle({ ...ingreso, origen: 'local', emailVerified: true });
    expect(await esAdminAhora()).toBe(false);
    await servicio.ingresarConGoogle({ ...ingreso, origen: 'google', emailVerified: false });
    expect(await esAdminAhora()).toBe(false);
    await servicio.ingresarConGoogle({ ...ingreso, origen: 'google', emailVerified: true });
    expect(await esAdminAhora()).toBe(true);
  });

  it('the command line grants and takes away admin rights, listed or not', async () => {
    const { app, database } = await testApp();
    const cuenta = await registerAndLogin(app);
    const admin = async (...args: string[]) =>
      runAdminCommand(args, { database, config: app.config }, { out: () => {}, err: () => {} });
    expect(await esAdmin(app, cuenta)).toBe(false);
    // Not while the address is unverified (docs/decisions/040).
    expect(await admin('promote', cuenta.email)).toBe(1);
    expect(await esAdmin(app, cuenta)).toBe(false);
    await verifyEmail(app, cuenta.userId);
    expect(await admin('promote', cuenta.email)).toBe(0);
    expect(await esAdmin(app, cuenta)).toBe(true);
    expect(await admin('demote', cuenta.email)).toBe(0);
    expect(await esAdmin(app, cuenta)).toBe(false);
  });

  it('the demo admin (seeded with the role) is still an admin', async () => {
    const { app } = await testApp();
    const res = await loginAs(app, DEMO_USUARIOS.admin.email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const accessToken = res.json().accessToken as string;
    expect(
      await esAdmin(app, {
        userId: userIdOf(res),
        auth: { authorization: `Bearer ${accessToken}` },
      }),
    ).toBe(true);
  });
});
