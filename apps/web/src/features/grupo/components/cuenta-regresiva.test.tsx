import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CuentaRegresiva } from './cuenta-regresiva';

describe('CuentaRegresiva', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-10T12:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down live, each minute', () => {
    // 1 h 1 min 30 s left.
    render(<CuentaRegresiva fechaLimite="2026-11-10T13:01:30.000Z" />);
    expect(screen.getByText('Cierra en 1 h 1 min')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Cierra en 1 h 0 min')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Cierra en 59 min')).toBeInTheDocument();
  });

  it('says when the deadline is and what happens then', () => {
    render(<CuentaRegresiva fechaLimite="2026-11-12T15:30:00.000Z" />);
    expect(screen.getByText('Cierra en 2 d 3 h')).toBeInTheDocument();
    const fecha = screen.getByText(/12 de nov de 2026/);
    expect(fecha).toHaveAttribute('dateTime', '2026-11-12T15:30:00.000Z');
    expect(fecha.parentElement).toHaveTextContent(/se cancela y se reembolsa a sus participantes/);
  });
});
