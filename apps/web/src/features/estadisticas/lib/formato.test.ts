import { describe, expect, it } from 'vitest';
import { formatEntero, formatHoras, formatPorcentaje, formatPrecioCompacto } from './formato';

describe('formatHoras', () => {
  it('writes days and hours, hours alone, or a dash when no group filled', () => {
    expect(formatHoras(28)).toBe('1 d 4 h');
    expect(formatHoras(5)).toBe('5 h');
    expect(formatHoras(48)).toBe('2 d');
    expect(formatHoras(27.6)).toBe('1 d 4 h');
    expect(formatHoras(0.3)).toBe('< 1 h');
    expect(formatHoras(null)).toBe('—');
  });
});

describe('formatPorcentaje', () => {
  it('writes a rate as a whole percentage, and a dash when no group ended', () => {
    expect(formatPorcentaje(0.756).replace(/\s/g, '')).toBe('76%');
    expect(formatPorcentaje(1).replace(/\s/g, '')).toBe('100%');
    expect(formatPorcentaje(null)).toBe('—');
  });
});

describe('formatEntero', () => {
  it('groups thousands with dots', () => {
    expect(formatEntero(1234567)).toBe('1.234.567');
  });
});

describe('formatPrecioCompacto', () => {
  it('shortens an axis amount to thousands (mil) or millions (M)', () => {
    expect(formatPrecioCompacto(0)).toBe('$ 0');
    expect(formatPrecioCompacto(950)).toBe('$ 950');
    expect(formatPrecioCompacto(27_000)).toBe('$ 27 mil');
    expect(formatPrecioCompacto(9_500)).toBe('$ 9,5 mil');
    expect(formatPrecioCompacto(1_250_000)).toBe('$ 1,3 M');
  });
});
