import { describe, expect, it } from 'vitest';
import { type Prediccion, prediccionSchema, TEXTO_NO_LLEGA, textoDePrediccion } from './prediccion';

const ahora = new Date('2025-03-10T15:00:00.000Z');
const HORA = 3_600_000;
const en = (horas: number): Prediccion => ({
  fecha: new Date(ahora.getTime() + horas * HORA).toISOString(),
  motivo: 'ritmo',
});

describe('textoDePrediccion', () => {
  it.each([
    [-2, 'Se completaría en unas horas'],
    [0.5, 'Se completaría en unas horas'],
    [5.9, 'Se completaría en unas horas'],
    [6, 'Se completaría en alrededor de un día'],
    [35, 'Se completaría en alrededor de un día'],
    [36, 'Se completaría en unos 2 días'],
    [2.4 * 24, 'Se completaría en unos 2 días'],
    [3 * 24, 'Se completaría en unos 3 días'],
    [6.4 * 24, 'Se completaría en unos 6 días'],
    [6.5 * 24, 'Se completaría en alrededor de una semana'],
    [10 * 24, 'Se completaría en alrededor de una semana'],
    [10.5 * 24, 'Se completaría en unas 2 semanas'],
    [20 * 24, 'Se completaría en unas 3 semanas'],
    [44 * 24, 'Se completaría en unas 6 semanas'],
    [45 * 24, 'Se completaría en unos 2 meses'],
    [100 * 24, 'Se completaría en unos 3 meses'],
    [329 * 24, 'Se completaría en unos 11 meses'],
    [400 * 24, 'A este ritmo tardaría más de un año'],
  ])('%s hours ahead reads "%s"', (horas, texto) => {
    expect(textoDePrediccion(en(horas), ahora)).toBe(texto);
  });

  it('says the group does not fill before its deadline at this pace', () => {
    expect(textoDePrediccion({ fecha: null, motivo: 'no_llega' }, ahora)).toBe(
      'A este ritmo no se completa antes del cierre',
    );
    expect(TEXTO_NO_LLEGA).toBe('A este ritmo no se completa antes del cierre');
  });

  it('shows nothing without data, or with a date that does not parse', () => {
    expect(textoDePrediccion({ fecha: null, motivo: 'sin_datos' }, ahora)).toBeNull();
    expect(textoDePrediccion({ fecha: null, motivo: 'ritmo' }, ahora)).toBeNull();
    expect(textoDePrediccion({ fecha: 'pronto', motivo: 'ritmo' }, ahora)).toBeNull();
  });

  it('never shows a clock time, a day name or a fraction', () => {
    for (let horas = 0; horas < 24 * 400; horas += 7) {
      const texto = textoDePrediccion(en(horas), ahora) ?? '';
      expect(texto).not.toMatch(/\d[:.,]\d|hoy|mañana|lunes|martes|miércoles|jueves|viernes/);
    }
  });
});

describe('prediccionSchema', () => {
  it('takes a date or null and one of the three reasons', () => {
    expect(prediccionSchema.parse(en(3))).toEqual(en(3));
    expect(prediccionSchema.parse({ fecha: null, motivo: 'sin_datos' }).fecha).toBeNull();
    expect(prediccionSchema.safeParse({ fecha: null, motivo: 'pronto' }).success).toBe(false);
  });
});
