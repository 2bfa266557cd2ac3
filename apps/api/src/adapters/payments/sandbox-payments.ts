import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { assertOutsideTransaction } from '../../db/unit-of-work';
import { type Clock, systemClock } from '../../lib/clock';
import { deriveKey, signValue, verifySignedValue } from '../../lib/crypto/secret-box';
import { type AccountTokens, type PaymentsPort, PaymentsProviderError } from './payments.port';
import type { SandboxCheckout } from './sandbox-checkout';
import { createSandboxConsentRoutes, SANDBOX_PATH } from './sandbox-consent-page';

/** The sandbox's one client: this app. */
export const SANDBOX_CLIENT_ID = 'compra-grupal-sandbox';

/** An authorization code lives 10 minutes, as Mercado Pago's do. */
const CODE_TTL_MS = 10 * 60_000;
/**
 * Access tokens live 6 hours (Mercado Pago's live 180 days): short on purpose, so a running
 * demo renews them and the renewal path runs where people can see it.
 */
export const SANDBOX_ACCESS_TOKEN_TTL_SECONDS = 6 * 60 * 60;
/** Refresh tokens live 180 days. */
const REFRESH_TOKEN_TTL_MS = 180 * 24 * 60 * 60_000;

/** RFC 7636: 43 to 128 characters of the unreserved set. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;

export interface SandboxPaymentsOptions {
  /** The app's Mercado Pago master key: the sandbox signs with a key derived from it. */
  masterKey: Buffer;
  /** Base URL the browser uses (PUBLIC_URL): the consent page lives there. */
  publicUrl: string;
  /** The only redirect URI the sandbox sends browsers back to (this app's callback). */
  redirectUri: string;
  clock?: Clock;
  /** Checkout Pro of the sandbox (sandbox-checkout.ts), when the app has a database. */
  checkout?: SandboxCheckout;
}

/** What a signed code or token carries. */
const grantSchema = z.object({
  /** The seller's account id in the sandbox. */
  u: z.string().regex(/^\d{1,20}$/),
  /** Expiry, epoch milliseconds. */
  e: z.number().int(),
  /** A code: the PKCE challenge and redirect URI it was issued for. */
  c: z.string().optional(),
  r: z.string().optional(),
  /** Makes every grant distinct. */
  n: z.string(),
});
type Grant = z.infer<typeof grantSchema>;
type GrantKind = 'SBX-CODE' | 'APP_USR-SBX' | 'TG-SBX';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The sandbox's signing key, from the app's Mercado Pago master key. */
export const sandboxKey = (masterKey: Buffer) => deriveKey(masterKey, 'mercadopago/sandbox');

/** Signs and reads the sandbox's codes and tokens (`kind.payload.tag`). */
function createSandboxSigner(key: Buffer, clock: Clock) {
  const sign = (kind: GrantKind, grant: Omit<Grant, 'n'>) =>
    signValue(
      key,
      `${kind}.${Buffer.from(JSON.stringify({ ...grant, n: randomBytes(9).toString('base64url') })).toString('base64url')}`,
    );

  /** The grant of a signed value of that kind, if authentic and unexpired. */
  const read = (kind: GrantKind, signed: string): Grant | undefined => {
    const value = verifySignedValue(key, signed);
    if (!value?.startsWith(`${kind}.`)) return undefined;
    try {
      const grant = grantSchema.safeParse(
        JSON.parse(Buffer.from(value.slice(kind.length + 1), 'base64url').toString('utf8')),
      );
      return grant.success && grant.data.e > clock.now().getTime() ? grant.data : undefined;
    } catch {
      return undefined;
    }
  };

  /** Tokens of a sandbox account, as its token endpoint would answer them. */
  const tokensFor = (mpUsuarioId: string): AccountTokens => {
    const now = clock.now().getTime();
    return {
      accessToken: sign('APP_USR-SBX', {
        u: mpUsuarioId,
        e: now + SANDBOX_ACCESS_TOKEN_TTL_SECONDS * 1000,
      }),
      refreshToken: sign('TG-SBX', { u: mpUsuarioId, e: now + REFRESH_TOKEN_TTL_MS }),
      expiresIn: SANDBOX_ACCESS_TOKEN_TTL_SECONDS,
      mpUsuarioId,
    };
  };

  return { sign, read, tokensFor };
}

/**
 * Tokens of a sandbox account without going through the consent page (the demo seed links
 * its sellers this way); `masterKey` is the app's Mercado Pago key.
 */
export const sandboxAccountTokens = (
  masterKey: Buffer,
  mpUsuarioId: string,
  clock: Clock = systemClock,
): AccountTokens => createSandboxSigner(sandboxKey(masterKey), clock).tokensFor(mpUsuarioId);

/**
 * The embedded Mercado Pago ('Modo de prueba'), for a machine with no network and no
 * credentials. Its consent page is served by this app (sandbox-consent-page.ts); its codes and
 * tokens are HMAC-signed and carry what they are bound to (an authorization code: the PKCE
 * challenge and redirect URI, for 10 minutes), so nothing needs storing and every node of a
 * cluster, sharing the key, accepts them. A code is not single-use here: the app's callback
 * consumes its `state` once, which is what stops a replay before a code is ever exchanged.
 */
export function createSandboxPayments(options: SandboxPaymentsOptions): PaymentsPort {
  const { publicUrl, redirectUri, clock = systemClock, checkout } = options;
  const { sign, read, tokensFor } = createSandboxSigner(sandboxKey(options.masterKey), clock);

  const invalidGrant = () =>
    new PaymentsProviderError('invalid_grant', 'Mercado Pago (prueba): invalid_grant', 400);

  return {
    provider: 'sandbox',
    accountLink: {
      authorizationUrl({ state, codeChallenge, redirectUri: uri }) {
        const url = new URL(`${publicUrl}${SANDBOX_PATH}/autorizar`);
        url.search = new URLSearchParams({
          client_id: SANDBOX_CLIENT_ID,
          response_type: 'code',
          platform_id: 'mp',
          state,
          redirect_uri: uri,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        }).toString();
        return url.href;
      },
      async exchangeCode({ code, codeVerifier, redirectUri: uri }) {
        assertOutsideTransaction('Mercado Pago de prueba (oauth/token)');
        const grant = read('SBX-CODE', code);
        if (
          !grant ||
          grant.r !== uri ||
          !PKCE_VALUE.test(codeVerifier) ||
          grant.c !== s256(codeVerifier)
        ) {
          throw invalidGrant();
        }
        return tokensFor(grant.u);
      },
      async refresh(refreshToken) {
        assertOutsideTransaction('Mercado Pago de prueba (oauth/token)');
        const grant = read('TG-SBX', refreshToken);
        if (!grant) throw invalidGrant();
        return tokensFor(grant.u);
      },
    },
    ...(checkout ? { checkout: checkout.port, trabajos: [checkout.trabajo] } : {}),
    sandboxRoutes: conCheckout(
      checkout,
      createSandboxConsentRoutes({
        clientId: SANDBOX_CLIENT_ID,
        redirectUri,
        /** A new sandbox account authorizes: a code bound to the challenge and redirect URI. */
        issueCode: (codeChallenge) =>
          sign('SBX-CODE', {
            u: String(randomInt(100_000_000, 999_999_999)),
            e: clock.now().getTime() + CODE_TTL_MS,
            c: codeChallenge,
            r: redirectUri,
          }),
      }),
    ),
  };
}

/** The consent routes, then (in the same scope, sharing its form parser) the checkout page. */
function conCheckout(
  checkout: SandboxCheckout | undefined,
  consent: FastifyPluginAsync,
): FastifyPluginAsync {
  if (!checkout) return consent;
  return async (scope, opts) => {
    await consent(scope, opts);
    await checkout.routes(scope);
  };
}
