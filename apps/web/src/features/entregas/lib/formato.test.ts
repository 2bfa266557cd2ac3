import { describe, expect, it } from 'vitest';
import { telefonoHref } from './formato';

describe('delivery formatting', () => {
  it('makes a tel: link of a phone', () => {
    expect(telefonoHref('+54 11 4000-1234')).toBe('tel:+541140001234');
  });
});
