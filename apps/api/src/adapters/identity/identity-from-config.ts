import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createAuthLimits } from '../../modules/usuario/auth-rate-limit';
import type { IdentityPort } from './identity.port';
import { localIssuerUrl, registerLocalOidcIssuer } from './local-oidc-issuer';
import { createOpenIdIdentity } from './openid-identity';

/**
 * Google sign-in by configuration: real Google, the embedded local issuer (demo and tests;
 * mounted on this same server, answering only this machine), or off.
 */
export async function createIdentity(
  app: FastifyInstance,
  config: Config,
): Promise<IdentityPort | undefined> {
  const redirectUri = `${config.PUBLIC_URL}/api/usuario/auth/google/callback`;
  if (
    config.GOOGLE_AUTH_MODE === 'google' &&
    config.GOOGLE_CLIENT_ID &&
    config.GOOGLE_CLIENT_SECRET
  ) {
    return createOpenIdIdentity({
      origen: 'google',
      issuerUrl: config.GOOGLE_ISSUER_URL,
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      redirectUri,
      // Plain HTTP only to a provider on this machine (tests speak to a local one).
      allowHttp: /^http:\/\/(127\.\d+\.\d+\.\d+|\[::1\]|localhost)(:\d+)?(\/|$)/.test(
        config.GOOGLE_ISSUER_URL,
      ),
    });
  }
  if (config.GOOGLE_AUTH_MODE !== 'local') return undefined;

  const client = { clientId: 'compra-grupal-local', clientSecret: randomUUID() };
  await registerLocalOidcIssuer(app, {
    ...client,
    redirectUri,
    publicUrl: config.PUBLIC_URL,
    attemptLimits: createAuthLimits,
  });
  let identity: IdentityPort | undefined;
  // The issuer's address is known only once the server listens (tests use port 0).
  const lazy = () => {
    identity ??= createOpenIdIdentity({
      // Anyone can type any email into the test issuer: its identities never open an
      // existing account (see usuarioService.ingresarConGoogle).
      origen: 'local',
      ...client,
      issuerUrl: localIssuerUrl(app),
      redirectUri,
      allowHttp: true,
    });
    return identity;
  };
  return {
    start: () => lazy().start(),
    finish: (url, transaction) => lazy().finish(url, transaction),
  };
}
