import { describe, expect, it } from 'vitest';
import { formatPrecio } from './format-currency';

const NBSP = '\u00a0';

describe('formatPrecio', () => {
  it('uses the Argentine format: $ sign, dot for thousands, comma for decimals', () => {
    expect(formatPrecio(12345.67)).toBe(`$${NBSP}12.345,67`);
  });

  it('always shows two decimals', () => {
    expect(formatPrecio(1000)).toBe(`$${NBSP}1.000,00`);
    expect(formatPrecio(0)).toBe(`$${NBSP}0,00`);
    expect(formatPrecio(9.5)).toBe(`$${NBSP}9,50`);
  });

  it('groups millions and rounds to centavos', () => {
    expect(formatPrecio(1234567.891)).toBe(`$${NBSP}1.234.567,89`);
  });

  it('reads as "$ 12.345,67" once the non-breaking space is normalised', () => {
    expect(formatPrecio(12345.67).replace(/\u00a0/g, ' ')).toBe('$ 12.345,67');
  });

  it('puts the minus sign before the $ sign', () => {
    expect(formatPrecio(-5)).toBe(`-$${NBSP}5,00`);
  });
});
