import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  deriveKey,
  SecretBoxError,
  signValue,
  verifySignedValue,
} from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);

  it('opens what it sealed, for the same context only, and never shows the plaintext', () => {
    const sealed = box.seal('APP_USR-123-secreto', 'cuenta:abc');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('APP_USR');
    expect(box.open(sealed, 'cuenta:abc')).toBe('APP_USR-123-secreto');
    expect(() => box.open(sealed, 'cuenta:otra')).toThrow(SecretBoxError);
    // A fresh nonce every time: the same secret seals differently.
    expect(box.seal('APP_USR-123-secreto', 'cuenta:abc')).not.toBe(sealed);
  });

  it('refuses an altered value, another key, and unknown formats', () => {
    const sealed = box.seal('secreto', 'c');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] = (raw.at(-1) ?? 0) ^ 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, 'c')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'c')).toThrow(SecretBoxError);
    expect(() => box.open('secreto', 'c')).toThrow(SecretBoxError);
    expect(() => box.open('v1.AAAA', 'c')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(16))).toThrow(RangeError);
  });

  it('derives different keys per purpose, the same every time', () => {
    expect(deriveKey(key, 'a').equals(deriveKey(key, 'a'))).toBe(true);
    expect(deriveKey(key, 'a').equals(deriveKey(key, 'b'))).toBe(false);
    expect(deriveKey(key, 'a')).toHaveLength(32);
  });

  it('signs values so that a changed value or tag does not verify', () => {
    const signed = signValue(key, 'estado123');
    expect(verifySignedValue(key, signed)).toBe('estado123');
    expect(verifySignedValue(key, signed.replace('estado123', 'estado124'))).toBeUndefined();
    expect(verifySignedValue(key, `${signed}x`)).toBeUndefined();
    expect(verifySignedValue(randomBytes(32), signed)).toBeUndefined();
    expect(verifySignedValue(key, 'sin-firma')).toBeUndefined();
  });
});
