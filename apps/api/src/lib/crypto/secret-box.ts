import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Secrets kept at rest (a seller's Mercado Pago tokens, a PKCE verifier waiting for its
 * callback): AES-256-GCM with a fresh 96-bit nonce per value. The `context` (for example
 * `cuentas_mercadopago.access_token:<usuarioId>`) is authenticated as additional data, so a
 * ciphertext copied to another row or column does not open there.
 *
 * Sealed form: `v1.` + base64url(nonce ‖ tag ‖ ciphertext).
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was altered, sealed with another key or for another context. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1.';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new RangeError('AES-256-GCM needs a 32-byte key');
  return {
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return (
        VERSION + Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64url')
      );
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new SecretBoxError('unknown sealed format');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      if (raw.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('sealed value does not authenticate');
      }
    },
  };
}

/** A key for one purpose, derived from a master key (HKDF-SHA256), so purposes never share one. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `compra-grupal/${purpose}`, 32));
}

/** `value.signature`: an HMAC-SHA256 tag (base64url) that only the key's holder can make. */
export function signValue(key: Buffer, value: string): string {
  return `${value}.${createHmac('sha256', key).update(value).digest('base64url')}`;
}

/** The value of a `signValue` result whose tag is right (compared in constant time), or undefined. */
export function verifySignedValue(key: Buffer, signed: string): string | undefined {
  const dot = signed.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), 'base64url');
  const expected = createHmac('sha256', key).update(value).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
