/** Sign-in with an outside identity provider (Google), as an OpenID Connect code flow. */
export interface IdentityPort {
  /** Where to send the browser, plus the secret checks to keep until the callback. */
  start(): Promise<{ url: string; transaction: OidcTransaction }>;
  /** Exchanges the callback for the verified identity; throws on any mismatch. */
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<VerifiedIdentity>;
}

export interface OidcTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/**
 * Where a verified identity comes from: real Google, or the embedded test issuer ('Modo de
 * prueba'), where anyone types any email. Only 'google' is trusted to vouch for an email.
 */
export type IdentityOrigin = 'google' | 'local';

export interface VerifiedIdentity {
  origen: IdentityOrigin;
  sub: string;
  email?: string;
  emailVerified: boolean;
  nombre?: string;
}
