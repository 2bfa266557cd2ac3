import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrediccionDelGrupo } from './prediccion-del-grupo';

const HORA = 3_600_000;
const AHORA = new Date('2026-11-10T12:00:00.000Z');

function renderPrediccion(prediccion: Parameters<typeof PrediccionDelGrupo>[0]['prediccion']) {
  return render(<PrediccionDelGrupo prediccion={prediccion} />);
}

describe('PrediccionDelGrupo', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(AHORA);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says when the group would fill, in words, and follows the clock each minute', () => {
    // 40 hours ahead: 'unos 2 días'; five hours later (35 h), about a day.
    const fecha = new Date(AHORA.getTime() + 40 * HORA).toISOString();
    renderPrediccion({ fecha, motivo: 'ritmo' });
    const linea = screen.getByText('Se completaría en unos 2 días');
    expect(linea.parentElement).toHaveClass('text-muted-foreground');
    expect(linea.parentElement?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    act(() => {
      vi.advanceTimersByTime(5 * HORA);
    });
    expect(screen.getByText('Se completaría en alrededor de un día')).toBeInTheDocument();
  });

  it('warns in amber, in words, when it does not fill before the deadline', () => {
    renderPrediccion({ fecha: null, motivo: 'no_llega' });
    const linea = screen.getByText('A este ritmo no se completa antes del cierre');
    expect(linea.parentElement).toHaveClass('text-highlight-foreground');
  });

  it('shows nothing without a forecast or without data', () => {
    const { container, rerender } = renderPrediccion(null);
    expect(container).toBeEmptyDOMElement();
    rerender(<PrediccionDelGrupo prediccion={{ fecha: null, motivo: 'sin_datos' }} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<PrediccionDelGrupo prediccion={{ fecha: 'no es una fecha', motivo: 'ritmo' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
