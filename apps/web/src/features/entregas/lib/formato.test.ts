import { describe, expect, it } from 'vitest';
import { formatDistancia, formatDuracion, formatHora, telefonoHref } from './formato';

describe('delivery formatting', () => {
  it('makes a tel: link of a phone', () => {
    expect(telefonoHref('+54 11 4000-1234')).toBe('tel:+541140001234');
  });

  it('writes a route’s length the es-AR way', () => {
    expect(formatDistancia(12_400)).toBe('12,4 km');
    expect(formatDistancia(12_000)).toBe('12 km');
    expect(formatDistancia(1_049)).toBe('1 km');
    expect(formatDistancia(850)).toBe('850 m');
    expect(formatDistancia(0)).toBe('0 m');
  });

  it('writes a route’s time in hours and minutes', () => {
    expect(formatDuracion(4_800)).toBe('1 h 20 min');
    expect(formatDuracion(3_600)).toBe('1 h');
    expect(formatDuracion(2_700)).toBe('45 min');
    expect(formatDuracion(20)).toBe('1 min');
    expect(formatDuracion(0)).toBe('0 min');
  });

  it('tells the time of day on Buenos Aires time', () => {
    expect(formatHora('2026-05-04T13:30:00.000Z')).toBe('10:30');
  });
});
