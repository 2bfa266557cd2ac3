import { describe, expect, it } from 'vitest';
import { inicioDelDiaEnBuenosAires } from './dia-en-buenos-aires';

describe('inicioDelDiaEnBuenosAires', () => {
  it('starts the day at midnight in Buenos Aires, 03:00 UTC', () => {
    expect(inicioDelDiaEnBuenosAires(new Date('2026-11-29T23:50:00Z')).toISOString()).toBe(
      '2026-11-29T03:00:00.000Z',
    );
    // 01:00 UTC on the 30th is still the 29th, at 22:00, in Buenos Aires.
    expect(inicioDelDiaEnBuenosAires(new Date('2026-11-30T01:00:00Z')).toISOString()).toBe(
      '2026-11-29T03:00:00.000Z',
    );
    expect(inicioDelDiaEnBuenosAires(new Date('2026-11-30T03:00:00Z')).toISOString()).toBe(
      '2026-11-30T03:00:00.000Z',
    );
  });
});
