import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToasterHost } from '@/components/ui/toaster-host';
import { SIN_CONEXION_AVISO_MS } from '@/config/ui';
import { marcarSinConexion } from '@/lib/estado-conexion';
import { type AppSocket, showConnectionState } from '@/lib/socket';
import { fakeSocket } from '@/test/fake-socket';
import { expectToast } from '@/test/toasts';
import { SinConexionAviso } from './sin-conexion-aviso';

describe('what a person sees of the connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    marcarSinConexion(false);
  });

  it("shows 'Sin conexión. Reintentando…' after the delay, then 'Conexión restablecida'", async () => {
    const socket = fakeSocket();
    socket.connect();
    socket.connected = true;
    const detach = showConnectionState(socket as unknown as AppSocket);
    render(
      <>
        <SinConexionAviso />
        <ToasterHost />
      </>,
    );
    socket.fire('connect');

    act(() => {
      socket.connected = false;
      socket.fire('disconnect', 'transport close');
    });
    act(() => vi.advanceTimersByTime(SIN_CONEXION_AVISO_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión. Reintentando…');

    act(() => {
      socket.connected = true;
      socket.fire('connect');
    });
    expect(screen.queryByRole('status')).toBeNull();
    await expectToast('Conexión restablecida');
    detach();
  });
});
