import { diaSchema } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import {
  diasDelPeriodo,
  erroresDelPeriodo,
  esOpcionDePeriodo,
  formatDia,
  formatPeriodo,
  hoyEnBuenosAires,
  lunesDeLaSemana,
  periodoPredefinido,
  sumarDias,
  textoDelPeriodo,
} from './periodo';

describe('hoyEnBuenosAires', () => {
  it('is still the previous day in Buenos Aires (UTC-3) before 03:00 UTC', () => {
    expect(hoyEnBuenosAires(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11-30');
    expect(hoyEnBuenosAires(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
    // 02:30 UTC on the 1st is still 23:30 of the 31st in Buenos Aires.
    expect(hoyEnBuenosAires(new Date('2026-11-01T02:30:00Z'))).toBe('2026-10-31');
    expect(hoyEnBuenosAires(new Date('2026-11-01T03:00:00Z'))).toBe('2026-11-01');
  });
});

describe('periodoPredefinido', () => {
  // A Wednesday, 2026-11-18, at 10:00 in Buenos Aires.
  const miercoles = new Date('2026-11-18T13:00:00Z');

  it("'Esta semana' goes from Monday to today", () => {
    expect(periodoPredefinido('semana', miercoles)).toEqual({
      desde: '2026-11-16',
      hasta: '2026-11-18',
    });
  });

  it("'Esta semana' on a Monday is that one day, and on a Sunday the six before it too", () => {
    expect(periodoPredefinido('semana', new Date('2026-11-16T15:00:00Z'))).toEqual({
      desde: '2026-11-16',
      hasta: '2026-11-16',
    });
    expect(periodoPredefinido('semana', new Date('2026-11-22T15:00:00Z'))).toEqual({
      desde: '2026-11-16',
      hasta: '2026-11-22',
    });
  });

  it("'Esta semana' crosses a month's and a year's end", () => {
    // Friday 2027-01-01: the week began on Monday 2026-12-28.
    expect(periodoPredefinido('semana', new Date('2027-01-01T15:00:00Z'))).toEqual({
      desde: '2026-12-28',
      hasta: '2027-01-01',
    });
  });

  it("'Este mes' goes from the first to today; 'Mes pasado' is the whole previous month", () => {
    expect(periodoPredefinido('mes', miercoles)).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-18',
    });
    expect(periodoPredefinido('mes-pasado', miercoles)).toEqual({
      desde: '2026-10-01',
      hasta: '2026-10-31',
    });
  });

  it('counts Buenos Aires days: 2026-12-01T02:30Z is still November 30th', () => {
    const ahora = new Date('2026-12-01T02:30:00Z');
    expect(periodoPredefinido('mes', ahora)).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-30',
    });
    expect(periodoPredefinido('mes', new Date('2026-12-01T01:00:00Z'))).toEqual({
      desde: '2026-11-01',
      hasta: '2026-11-30',
    });
    expect(periodoPredefinido('mes-pasado', ahora)).toEqual({
      desde: '2026-10-01',
      hasta: '2026-10-31',
    });
    // Monday 2026-11-30.
    expect(periodoPredefinido('semana', ahora)).toEqual({
      desde: '2026-11-30',
      hasta: '2026-11-30',
    });
  });

  it("'Mes pasado' in January is December of the year before, and knows February's length", () => {
    expect(periodoPredefinido('mes-pasado', new Date('2027-01-10T15:00:00Z'))).toEqual({
      desde: '2026-12-01',
      hasta: '2026-12-31',
    });
    expect(periodoPredefinido('mes-pasado', new Date('2028-03-05T15:00:00Z'))).toEqual({
      desde: '2028-02-01',
      hasta: '2028-02-29',
    });
    expect(periodoPredefinido('mes-pasado', new Date('2027-03-05T15:00:00Z'))).toEqual({
      desde: '2027-02-01',
      hasta: '2027-02-28',
    });
  });
});

describe('days', () => {
  it('adds days across months and counts both ends of a period', () => {
    expect(sumarDias('2026-02-27', 2)).toBe('2026-03-01');
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(diasDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-30' })).toBe(30);
    expect(diasDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-01' })).toBe(1);
  });

  it('finds the Monday of a week, across a year', () => {
    expect(lunesDeLaSemana('2026-11-16')).toBe('2026-11-16');
    expect(lunesDeLaSemana('2026-11-22')).toBe('2026-11-16');
    expect(lunesDeLaSemana('2027-01-01')).toBe('2026-12-28');
  });
});

describe('esOpcionDePeriodo', () => {
  it('knows the four options and nothing else (an address may carry anything)', () => {
    for (const opcion of ['semana', 'mes', 'mes-pasado', 'personalizado']) {
      expect(esOpcionDePeriodo(opcion)).toBe(true);
    }
    expect(esOpcionDePeriodo('este_mes')).toBe(false);
    expect(esOpcionDePeriodo(null)).toBe(false);
  });
});

describe('erroresDelPeriodo', () => {
  it('accepts a period whose last day is not before the first, up to three years', () => {
    expect(erroresDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-01' })).toEqual({});
    expect(erroresDelPeriodo({ desde: '2024-01-01', hasta: '2026-12-31' })).toEqual({});
  });

  it('asks for both days', () => {
    expect(erroresDelPeriodo({ desde: '', hasta: '2026-11-01' })).toEqual({
      desde: 'Elige el primer día',
    });
    expect(erroresDelPeriodo({ desde: '2026-11-01', hasta: '' })).toEqual({
      hasta: 'Elige el último día',
    });
  });

  it('says so, in Spanish, when the last day is before the first or the period is too long', () => {
    expect(erroresDelPeriodo({ desde: '2026-11-10', hasta: '2026-11-09' })).toEqual({
      hasta: 'La fecha final no puede ser anterior a la inicial',
    });
    expect(erroresDelPeriodo({ desde: '2023-01-01', hasta: '2026-01-01' })).toEqual({
      hasta: 'El período puede abarcar hasta tres años',
    });
  });

  it("rejects a day that does not exist, in the contract's words, and nothing else", () => {
    const noExiste = diaSchema.safeParse('2026-02-30').error?.issues[0]?.message;
    expect(noExiste).toBeTruthy();
    expect(erroresDelPeriodo({ desde: '2026-02-30', hasta: '2026-03-01' })).toEqual({
      desde: noExiste,
    });
  });
});

describe('the period in words', () => {
  it('writes a range, the month long, whatever months and years it spans', () => {
    expect(formatPeriodo({ desde: '2026-11-01', hasta: '2026-11-30' })).toBe(
      '1–30 de noviembre de 2026',
    );
    expect(formatPeriodo({ desde: '2026-11-03', hasta: '2026-11-03' })).toBe(
      '3 de noviembre de 2026',
    );
    expect(formatPeriodo({ desde: '2025-12-28', hasta: '2026-01-03' }).replace(/\s/g, ' ')).toBe(
      '28 de diciembre de 2025 – 3 de enero de 2026',
    );
  });

  it('says a sentence, the month short, the month and year once where they repeat', () => {
    expect(formatDia('2026-11-01')).toBe('1 de nov de 2026');
    expect(textoDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-01' })).toBe(
      'El 1 de nov de 2026',
    );
    expect(textoDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-14' })).toBe(
      'Del 1 al 14 de nov de 2026',
    );
    expect(textoDelPeriodo({ desde: '2026-10-01', hasta: '2026-11-14' })).toBe(
      'Del 1 de oct al 14 de nov de 2026',
    );
    expect(textoDelPeriodo({ desde: '2025-12-20', hasta: '2026-01-10' })).toBe(
      'Del 20 de dic de 2025 al 10 de ene de 2026',
    );
  });
});
