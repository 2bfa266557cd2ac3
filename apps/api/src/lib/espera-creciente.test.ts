import { describe, expect, it } from 'vitest';
import { crearEsperaCreciente } from './espera-creciente';

describe('crearEsperaCreciente', () => {
  it('doubles the pause for each failure in a row up to its maximum, and logs once each way', () => {
    const lineas: string[] = [];
    const espera = crearEsperaCreciente({
      intervaloMs: 1_000,
      maximaMs: 30_000,
      que: 'los trabajos',
      log: {
        error: (_, mensaje) => lineas.push(`error: ${mensaje}`),
        info: (_, mensaje) => lineas.push(`info: ${mensaje}`),
      },
    });
    const pausas = Array.from({ length: 6 }, () => espera.fallo(new Error('ECONNREFUSED')));
    expect(pausas).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(espera.exito()).toBe(1_000);
    expect(espera.exito()).toBe(1_000);
    expect(lineas).toHaveLength(2);
    expect(lineas[0]).toMatch(/^error: fallan los trabajos/);
    expect(lineas[1]).toBe('info: los trabajos volvieron a funcionar');
    expect(espera.fallo(new Error('otra vez'))).toBe(2_000);
  });
});
