import { describe, expect, it } from 'vitest';
import { formatCoordenadas, isCoordenadas } from './coordenadas';

describe('coordenadas', () => {
  it('shows latitude and longitude with 4 decimals', () => {
    expect(formatCoordenadas({ lat: -34.58891234, lng: -58.4108 })).toBe(
      'Lat -34.5889, Lng -58.4108',
    );
    expect(formatCoordenadas({ lat: 0, lng: 5.5 })).toBe('Lat 0.0000, Lng 5.5000');
  });

  it('accepts only finite points inside the ranges', () => {
    expect(isCoordenadas({ lat: -34.5, lng: -58.4 })).toBe(true);
    expect(isCoordenadas({ lat: -34.5, lng: -58.4, extra: 1 })).toBe(true);
    expect(isCoordenadas({ lat: '-34.5', lng: -58.4 })).toBe(false);
    expect(isCoordenadas({ lat: Number.NaN, lng: 0 })).toBe(false);
    expect(isCoordenadas({ lat: 91, lng: 0 })).toBe(false);
    expect(isCoordenadas({ lat: 0, lng: -181 })).toBe(false);
    expect(isCoordenadas(null)).toBe(false);
    expect(isCoordenadas([1, 2])).toBe(false);
  });
});
