import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { serieDelPeriodo } from '../lib/serie';
import { estadisticas } from '../test/estadisticas-api';
import { GraficoDeGrupos } from './grafico-de-grupos';
import { GraficoDeVentas } from './grafico-de-ventas';

describe('the charts on the server', () => {
  it('draw without errors, with their names and their tables', () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const periodo = { desde: '2026-11-01', hasta: '2026-11-30' };
    const { escala, puntos } = serieDelPeriodo(periodo, estadisticas(periodo).porDia);

    const html = renderToString(
      <>
        <GraficoDeVentas periodo={periodo} escala={escala} puntos={puntos} />
        <GraficoDeGrupos periodo={periodo} escala={escala} puntos={puntos} />
      </>,
    );

    expect(html.match(/role="img"/g)).toHaveLength(2);
    expect(html).toContain(
      'aria-label="Gráfico de barras de ventas por día, 1–30 de noviembre de 2026.',
    );
    expect(html.match(/<table/g)).toHaveLength(2);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
