import { describe, expect, it } from 'vitest';
import { cierraPronto, textoCuentaRegresiva } from './cuenta-regresiva';

const ahora = new Date('2026-11-10T12:00:00.000Z');
const en = (ms: number) => new Date(ahora.getTime() + ms);
const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

describe('textoCuentaRegresiva', () => {
  it.each([
    [2 * D + 3 * H + 59 * MIN, 'Cierra en 2 d 3 h'],
    [1 * D, 'Cierra en 1 d 0 h'],
    [5 * H + 12 * MIN + 30_000, 'Cierra en 5 h 12 min'],
    [8 * MIN + 59_000, 'Cierra en 8 min'],
    [30_000, 'Cierra en menos de 1 min'],
    [0, 'Plazo vencido'],
    [-H, 'Plazo vencido'],
  ])('%i ms left reads "%s"', (ms, texto) => {
    expect(textoCuentaRegresiva(en(ms), ahora)).toBe(texto);
  });

  it('is urgent under a day', () => {
    expect(cierraPronto(en(23 * H), ahora)).toBe(true);
    expect(cierraPronto(en(D + MIN), ahora)).toBe(false);
  });
});
