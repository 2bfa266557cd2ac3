import * as oidc from 'openid-client';
import type { IdentityOrigin, IdentityPort } from './identity.port';

export interface OpenIdSettings {
  /** Stamped on every identity: 'local' for the embedded test issuer, which vouches for nothing. */
  origen: IdentityOrigin;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Only for the local issuer on loopback, which speaks plain HTTP. */
  allowHttp?: boolean;
}

/**
 * Authorization code flow with PKCE, state and nonce (openid-client). Discovery happens on the
 * first sign-in and is retried on the next one if the provider could not be reached.
 */
export function createOpenIdIdentity(settings: OpenIdSettings): IdentityPort {
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async start() {
      const config = await discover();
      const transaction = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url: url.href, transaction };
    },

    async finish(callbackUrl, transaction) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('El proveedor no devolvió un id_token');
      return {
        origen: settings.origen,
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        nombre: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
