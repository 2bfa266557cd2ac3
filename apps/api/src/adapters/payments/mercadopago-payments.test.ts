import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MercadoPagoFake, startMercadoPagoFake } from './mercadopago-fake.test-server';
import { createMercadoPagoPayments } from './mercadopago-payments';
import { type PaymentsPort, PaymentsProviderError } from './payments.port';

const REDIRECT = 'http://localhost:3000/api/oauth/mercadopago/callback';

let fake: MercadoPagoFake;
let mp: PaymentsPort;

beforeAll(async () => {
  fake = await startMercadoPagoFake();
  mp = createMercadoPagoPayments({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    authUrl: fake.baseUrl,
    apiUrl: `${fake.baseUrl}/`,
    timeoutMs: 500,
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.modo = 'normal';
});

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

/** What the seller's browser does: opens the authorization address and follows it back. */
async function autorizar(challenge: string, state = 'estado-1') {
  const url = mp.accountLink.authorizationUrl({
    state,
    codeChallenge: challenge,
    redirectUri: REDIRECT,
  });
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  return { url: new URL(url), back };
}

const fails = async (promise: Promise<unknown>, reason: PaymentsProviderError['reason']) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsProviderError);
  expect((error as PaymentsProviderError).reason).toBe(reason);
  return error as PaymentsProviderError;
};

describe('Mercado Pago adapter (against a local fake of its OAuth)', () => {
  it("builds the documented authorization address with PKCE S256 and Mercado Pago's platform", async () => {
    const { challenge } = pkce();
    const { url } = await autorizar(challenge, 'firmado.abc');
    expect(url.origin + url.pathname).toBe(`${fake.baseUrl}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId,
      response_type: 'code',
      platform_id: 'mp',
      state: 'firmado.abc',
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with its verifier for the seller tokens (JSON body, documented answer)', async () => {
    const { verifier, challenge } = pkce();
    const { back } = await autorizar(challenge);
    const code = back.searchParams.get('code') ?? '';
    expect(back.searchParams.get('state')).toBe('estado-1');

    const tokens = await mp.accountLink.exchangeCode({
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(tokens).toMatchObject({
      accessToken: expect.stringMatching(/^APP_USR-/),
      refreshToken: expect.stringMatching(/^TG-/),
      expiresIn: 15_552_000,
      mpUsuarioId: '241983636',
    });
    expect(fake.solicitudes.at(-1)?.cuerpo).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    // A code is used once.
    await fails(
      mp.accountLink.exchangeCode({ code, codeVerifier: verifier, redirectUri: REDIRECT }),
      'invalid_grant',
    );
  });

  it('refuses a verifier that does not match the challenge (invalid_grant)', async () => {
    const { challenge } = pkce();
    const { back } = await autorizar(challenge);
    await fails(
      mp.accountLink.exchangeCode({
        code: back.searchParams.get('code') ?? '',
        codeVerifier: pkce().verifier,
        redirectUri: REDIRECT,
      }),
      'invalid_grant',
    );
  });

  it('refreshes once per refresh token, which then stops working', async () => {
    const { verifier, challenge } = pkce();
    const { back } = await autorizar(challenge);
    const first = await mp.accountLink.exchangeCode({
      code: back.searchParams.get('code') ?? '',
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    const renewed = await mp.accountLink.refresh(first.refreshToken);
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect(fake.solicitudes.at(-1)?.cuerpo).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    await fails(mp.accountLink.refresh(first.refreshToken), 'invalid_grant');
  });

  it('tells a refusal, an outage, a timeout and an unexpected answer apart, with no secret in the message', async () => {
    const wrongClient = createMercadoPagoPayments({
      clientId: fake.clientId,
      clientSecret: 'otro-secreto',
      authUrl: fake.baseUrl,
      apiUrl: fake.baseUrl,
    });
    const rejected = await fails(wrongClient.accountLink.refresh('TG-algo'), 'rejected');
    expect(rejected.status).toBe(400);
    expect(rejected.message).not.toContain('otro-secreto');

    fake.modo = 'invalid_grant';
    const invalid = await fails(mp.accountLink.refresh('TG-secreto-123'), 'invalid_grant');
    expect(invalid.message).not.toContain('TG-secreto-123');

    fake.modo = 'caida';
    expect((await fails(mp.accountLink.refresh('TG-x'), 'unavailable')).status).toBe(500);
    fake.modo = 'lenta';
    await fails(mp.accountLink.refresh('TG-x'), 'unavailable');
    fake.modo = 'html';
    await fails(mp.accountLink.refresh('TG-x'), 'bad_response');

    const nobody = createMercadoPagoPayments({
      clientId: 'x',
      clientSecret: 'y',
      authUrl: 'http://127.0.0.1:9',
      apiUrl: 'http://127.0.0.1:9',
    });
    await fails(nobody.accountLink.refresh('TG-x'), 'unavailable');
  });
});
