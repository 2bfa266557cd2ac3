import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../lib/clock';
import { registerErrorHandler } from '../../plugins/error-handler';
import { PaymentsProviderError } from './payments.port';
import {
  createSandboxPayments,
  SANDBOX_ACCESS_TOKEN_TTL_SECONDS,
  SANDBOX_CLIENT_ID,
  sandboxAccountTokens,
} from './sandbox-payments';

const REDIRECT = 'http://localhost:3000/api/oauth/mercadopago/callback';
const masterKey = randomBytes(32);

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const setup = () => {
  const clock = createTestClock();
  const sandbox = createSandboxPayments({
    masterKey,
    publicUrl: 'http://localhost:3000',
    redirectUri: REDIRECT,
    clock,
  });
  return { clock, sandbox };
};

const invalidGrant = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentsProviderError);
  expect((error as PaymentsProviderError).reason).toBe('invalid_grant');
};

/** The sandbox's consent page, as a browser uses it: the form's answer, then the code. */
async function consentir(
  sandbox: ReturnType<typeof setup>['sandbox'],
  challenge: string,
  redirectUri = REDIRECT,
) {
  const app = Fastify();
  const routes = sandbox.sandboxRoutes;
  if (!routes) throw new Error('the sandbox serves its consent page');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(routes, { prefix: '/api/sandbox/mercadopago' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/sandbox/mercadopago/autorizar',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: redirectUri,
      state: 'estado.firma',
      code_challenge: challenge,
      decision: 'autorizar',
    }).toString(),
  });
  await app.close();
  return res;
}

describe("sandbox ('Modo de prueba') account link", () => {
  it('exchanges a code only with the verifier of its challenge, and only for its redirect URI', async () => {
    const { sandbox } = setup();
    const { verifier, challenge } = pkce();
    const res = await consentir(sandbox, challenge);
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('estado.firma');
    const code = back.searchParams.get('code') ?? '';

    await invalidGrant(
      sandbox.accountLink.exchangeCode({
        code,
        codeVerifier: pkce().verifier,
        redirectUri: REDIRECT,
      }),
    );
    await invalidGrant(
      sandbox.accountLink.exchangeCode({
        code,
        codeVerifier: verifier,
        redirectUri: 'http://localhost:3000/otro',
      }),
    );
    await invalidGrant(
      sandbox.accountLink.exchangeCode({
        code: `${code.slice(0, -2)}xx`,
        codeVerifier: verifier,
        redirectUri: REDIRECT,
      }),
    );
    const tokens = await sandbox.accountLink.exchangeCode({
      code,
      codeVerifier: verifier,
      redirectUri: REDIRECT,
    });
    expect(tokens.expiresIn).toBe(SANDBOX_ACCESS_TOKEN_TTL_SECONDS);
    expect(tokens.mpUsuarioId).toMatch(/^\d{9}$/);
  });

  it('refuses a redirect URI other than the app callback (never an open redirect)', async () => {
    const { sandbox } = setup();
    const res = await consentir(sandbox, pkce().challenge, 'https://atacante.example/robar');
    expect(res.statusCode).toBe(400);
  });

  it('lets a code lapse after 10 minutes', async () => {
    const { sandbox, clock } = setup();
    const { verifier, challenge } = pkce();
    const back = new URL((await consentir(sandbox, challenge)).headers.location as string);
    clock.advance(10 * 60_000 + 1);
    await invalidGrant(
      sandbox.accountLink.exchangeCode({
        code: back.searchParams.get('code') ?? '',
        codeVerifier: verifier,
        redirectUri: REDIRECT,
      }),
    );
  });

  it('renews with its own refresh tokens only, for the same account, while they last', async () => {
    const { sandbox, clock } = setup();
    const first = sandboxAccountTokens(masterKey, '123456789', clock);
    const renewed = await sandbox.accountLink.refresh(first.refreshToken);
    expect(renewed.mpUsuarioId).toBe('123456789');
    expect(renewed.accessToken).not.toBe(first.accessToken);
    await invalidGrant(sandbox.accountLink.refresh('TG-inventado'));
    await invalidGrant(sandbox.accountLink.refresh(first.accessToken));
    await invalidGrant(
      sandbox.accountLink.refresh(sandboxAccountTokens(randomBytes(32), '1', clock).refreshToken),
    );
    clock.advance(181 * 24 * 60 * 60_000);
    await invalidGrant(sandbox.accountLink.refresh(renewed.refreshToken));
  });
});
