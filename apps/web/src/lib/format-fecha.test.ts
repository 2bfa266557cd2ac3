import { describe, expect, it } from 'vitest';
import { formatHaceCuanto } from './format-fecha';

describe('formatHaceCuanto', () => {
  const ahora = new Date('2026-11-26T12:00:00.000Z');
  const antes = (ms: number) => new Date(ahora.getTime() - ms).toISOString();

  it.each([
    [10_000, 'hace un momento'],
    [5 * 60_000, 'hace 5 minutos'],
    [2 * 3_600_000, 'hace 2 horas'],
    [24 * 3_600_000, 'ayer'],
    [3 * 24 * 3_600_000, 'hace 3 días'],
    [14 * 24 * 3_600_000, 'hace 2 semanas'],
    [60 * 24 * 3_600_000, 'hace 2 meses'],
  ])('%i ms ago is %s', (ms, texto) => {
    expect(formatHaceCuanto(antes(ms), ahora)).toBe(texto);
  });

  it('is empty for a date it cannot read', () => {
    expect(formatHaceCuanto('no', ahora)).toBe('');
  });
});
