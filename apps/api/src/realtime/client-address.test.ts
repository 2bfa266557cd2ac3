import { describe, expect, it } from 'vitest';
import { createClientAddress } from './client-address';

describe('createClientAddress', () => {
  it('without trusted proxies takes the remote address and ignores X-Forwarded-For', () => {
    const address = createClientAddress(false);
    expect(address('192.0.2.1', '203.0.113.9')).toBe('192.0.2.1');
  });

  it('with a hop count takes the entry that many proxies back', () => {
    const one = createClientAddress(1);
    expect(one('10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(one('10.0.0.1', 'forjada, 203.0.113.9')).toBe('203.0.113.9');
    expect(one('10.0.0.1')).toBe('10.0.0.1');
    const two = createClientAddress(2);
    expect(two('10.0.0.1', 'forjada, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(two('10.0.0.1', ['203.0.113.9', '10.0.0.2'])).toBe('203.0.113.9');
  });

  it('with a list of proxies skips only the trusted ones (addresses and networks)', () => {
    const address = createClientAddress(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(address('10.1.2.3', '203.0.113.9, 192.0.2.7')).toBe('203.0.113.9');
    expect(address('::ffff:10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    expect(address('2001:db8::1', '203.0.113.9')).toBe('203.0.113.9');
    // An untrusted peer is the client, whatever it claims.
    expect(address('198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    // A header made only of trusted proxies ends at its left-most entry.
    expect(address('10.1.2.3', '10.0.0.5')).toBe('10.0.0.5');
  });
});
