import type { VentasPorDia } from '@compra-grupal/contracts';
import { describe, expect, it } from 'vitest';
import { escalaDelPeriodo, puntoMaximo, serieDelPeriodo } from './serie';

const dia = (valor: string, datos: Partial<VentasPorDia> = {}): VentasPorDia => ({
  dia: valor,
  pagado: 0,
  reembolsado: 0,
  gruposCompletados: 0,
  gruposCancelados: 0,
  ...datos,
});

describe('serieDelPeriodo', () => {
  it('lists every day of a month, the ones the API left out at zero', () => {
    const { escala, puntos } = serieDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-30' }, [
      dia('2026-11-03', { pagado: 1500.5, gruposCompletados: 1 }),
      dia('2026-11-20', { pagado: 200, reembolsado: 200, gruposCancelados: 2 }),
    ]);
    expect(escala).toBe('dia');
    expect(puntos).toHaveLength(30);
    expect(puntos[0]).toMatchObject({ dia: '2026-11-01', etiqueta: '1 nov', pagado: 0 });
    expect(puntos[2]).toMatchObject({ dia: '2026-11-03', pagado: 1500.5, gruposCompletados: 1 });
    expect(puntos[19]).toMatchObject({ reembolsado: 200, gruposCancelados: 2 });
  });

  it('groups a quarter by weeks starting on Monday, and adds to the cent', () => {
    const { escala, puntos } = serieDelPeriodo({ desde: '2026-09-01', hasta: '2026-11-30' }, [
      dia('2026-09-01', { pagado: 0.1 }),
      dia('2026-09-06', { pagado: 0.2 }),
      dia('2026-09-07', { pagado: 5 }),
    ]);
    expect(escala).toBe('semana');
    // Tuesday 2026-09-01 belongs to the week of Monday 2026-08-31.
    expect(puntos[0]).toMatchObject({
      dia: '2026-08-31',
      etiquetaLarga: 'Semana del 31 ago',
      pagado: 0.3,
    });
    expect(puntos[1]).toMatchObject({ dia: '2026-09-07', pagado: 5 });
    expect(puntos.at(-1)?.dia).toBe('2026-11-30');
  });

  it('groups a year by months', () => {
    const { escala, puntos } = serieDelPeriodo({ desde: '2026-01-15', hasta: '2026-12-31' }, [
      dia('2026-01-20', { gruposCompletados: 2 }),
      dia('2026-01-31', { gruposCompletados: 1 }),
    ]);
    expect(escala).toBe('mes');
    expect(puntos).toHaveLength(12);
    expect(puntos[0]).toMatchObject({ dia: '2026-01-01', gruposCompletados: 3 });
  });
});

describe('escalaDelPeriodo', () => {
  it('keeps six weeks day by day', () => {
    expect(escalaDelPeriodo({ desde: '2026-10-01', hasta: '2026-11-14' })).toBe('dia');
    expect(escalaDelPeriodo({ desde: '2026-10-01', hasta: '2026-11-15' })).toBe('semana');
  });
});

describe('puntoMaximo', () => {
  it('finds the best point, or none when all are zero', () => {
    const { puntos } = serieDelPeriodo({ desde: '2026-11-01', hasta: '2026-11-03' }, [
      dia('2026-11-02', { pagado: 10 }),
    ]);
    expect(puntoMaximo(puntos, 'pagado')?.dia).toBe('2026-11-02');
    expect(puntoMaximo(puntos, 'gruposCompletados')).toBeUndefined();
  });
});
