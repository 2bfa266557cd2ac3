import { z } from 'zod';
import { assertOutsideTransaction } from '../../db/unit-of-work';
import { type AccountTokens, type PaymentsPort, PaymentsProviderError } from './payments.port';

export interface MercadoPagoPaymentsOptions {
  clientId: string;
  clientSecret: string;
  /** The authorization page's host, e.g. 'https://auth.mercadopago.com.ar'. */
  authUrl: string;
  /** The API, e.g. 'https://api.mercadopago.com'. */
  apiUrl: string;
  /** Per request, the body included. */
  timeoutMs?: number;
}

/** POST /oauth/token's answer (Mercado Pago's API reference, "Create and refresh token"). */
const tokenAnswerSchema = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
  user_id: z.union([z.number().int(), z.string().min(1).max(64)]),
  refresh_token: z.string().min(1).max(4096),
  public_key: z.string().optional(),
  live_mode: z.boolean().optional(),
});

/** Its error answer: `{ message, error, status, cause }`. */
const errorAnswerSchema = z.object({ error: z.string().max(200).optional() });

/**
 * Real Mercado Pago (no SDK: the official one does not send PKCE). The seller authorizes at
 * `{authUrl}/authorization` (authorization code with PKCE S256, `platform_id=mp`); codes and
 * refresh tokens are exchanged at `POST {apiUrl}/oauth/token` with a JSON body. A 400/401
 * `invalid_grant` is `invalid_grant`; other 4xx `rejected`; network errors, timeouts, 429 and
 * 5xx `unavailable`. Nothing secret reaches an error message.
 */
export function createMercadoPagoPayments(options: MercadoPagoPaymentsOptions): PaymentsPort {
  const { clientId, clientSecret, timeoutMs = 10_000 } = options;
  const authUrl = options.authUrl.replace(/\/+$/, '');
  const apiUrl = options.apiUrl.replace(/\/+$/, '');

  async function token(body: Record<string, string>): Promise<AccountTokens> {
    assertOutsideTransaction('Mercado Pago (oauth/token)');
    let answer: Response;
    try {
      answer = await fetch(`${apiUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ client_id: clientId, client_secret: clientSecret, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const what = error instanceof Error ? error.name : 'Error';
      throw new PaymentsProviderError('unavailable', `Mercado Pago no respondió (${what})`);
    }
    let parsed: unknown;
    try {
      parsed = await answer.json();
    } catch {
      parsed = undefined;
    }
    if (!answer.ok) {
      const code = errorAnswerSchema.safeParse(parsed).data?.error;
      const status = answer.status;
      if ((status === 400 || status === 401) && code === 'invalid_grant') {
        throw new PaymentsProviderError('invalid_grant', 'Mercado Pago: invalid_grant', status);
      }
      const reason = status === 429 || status >= 500 ? 'unavailable' : 'rejected';
      throw new PaymentsProviderError(
        reason,
        `Mercado Pago respondió ${status}${code ? ` (${code.replace(/[^\w.-]/g, '')})` : ''}`,
        status,
      );
    }
    const tokens = tokenAnswerSchema.safeParse(parsed);
    if (!tokens.success) {
      throw new PaymentsProviderError('bad_response', 'Mercado Pago respondió con otra forma');
    }
    return {
      accessToken: tokens.data.access_token,
      refreshToken: tokens.data.refresh_token,
      expiresIn: tokens.data.expires_in,
      mpUsuarioId: String(tokens.data.user_id),
    };
  }

  return {
    provider: 'mercadopago',
    accountLink: {
      authorizationUrl({ state, codeChallenge, redirectUri }) {
        const url = new URL(`${authUrl}/authorization`);
        url.search = new URLSearchParams({
          client_id: clientId,
          response_type: 'code',
          platform_id: 'mp',
          state,
          redirect_uri: redirectUri,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        }).toString();
        return url.href;
      },
      exchangeCode: ({ code, codeVerifier, redirectUri }) =>
        token({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
      refresh: (refreshToken) =>
        token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    },
  };
}
