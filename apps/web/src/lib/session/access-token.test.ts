import { describe, expect, it } from 'vitest';
import { makeToken, USER_ID } from '@/test/tokens';
import { isAccessTokenExpired, readAccessToken } from './access-token';

describe('isAccessTokenExpired', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  const ending = (seconds: number) =>
    makeToken({ extra: { exp: Math.floor(now / 1000) + seconds } });

  it('counts a token that ends in less than 30 s as expired', () => {
    expect(isAccessTokenExpired(ending(29), now)).toBe(true);
    expect(isAccessTokenExpired(ending(0), now)).toBe(true);
    expect(isAccessTokenExpired(ending(-5), now)).toBe(true);
  });

  it('accepts a token that ends in 30 s or more', () => {
    expect(isAccessTokenExpired(ending(30), now)).toBe(false);
    expect(isAccessTokenExpired(ending(31), now)).toBe(false);
    expect(isAccessTokenExpired(ending(900), now)).toBe(false);
  });

  it('counts a token that cannot be decoded, or has no expiry, as expired', () => {
    expect(isAccessTokenExpired('basura', now)).toBe(true);
    expect(isAccessTokenExpired('a.b.c', now)).toBe(true);
    expect(isAccessTokenExpired(makeToken({ extra: { exp: 'mañana' } }), now)).toBe(true);
  });
});

describe('readAccessToken', () => {
  it('gives the payload of a valid token', () => {
    const reading = readAccessToken(makeToken());
    expect(reading.ok && reading.payload.userId).toBe(USER_ID);
  });
});
