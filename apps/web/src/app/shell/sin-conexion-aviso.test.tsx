import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToasterHost } from '@/components/ui/toaster-host';
import { SIN_CONEXION_AVISO_MS } from '@/config/ui';
import { marcarSinConexion } from '@/lib/estado-conexion';
import { ATRIBUTO_COPIA_GUARDADA } from '@/lib/service-worker/protocolo';
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
      <MemoryRouter>
        <SinConexionAviso />
        <ToasterHost />
      </MemoryRouter>,
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

  describe('on a page the service worker sent from its cache (docs/decisions/056)', () => {
    afterEach(() => document.documentElement.removeAttribute(ATRIBUTO_COPIA_GUARDADA));

    it("says it is a saved copy, how old, and offers 'Reintentar', until the person moves on", async () => {
      const guardadaEl = new Date(Date.now() - 5 * 60 * 1000).toISOString();
      document.documentElement.setAttribute(ATRIBUTO_COPIA_GUARDADA, guardadaEl);
      const recargar = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload: recargar });
      render(
        <MemoryRouter initialEntries={['/product/1']}>
          <SinConexionAviso />
          <Link to="/store/2">Tienda</Link>
        </MemoryRouter>,
      );
      // It replaces the live updates' notice, which says less.
      act(() => marcarSinConexion(true));

      const aviso = await screen.findByRole('status');
      expect(aviso).toHaveTextContent(
        'Sin conexión: estás viendo una copia guardada(hace 5 minutos)Reintentar',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(recargar).toHaveBeenCalledOnce();

      // Another screen is not the saved copy: the live updates' notice is back.
      await userEvent.click(screen.getByRole('link', { name: 'Tienda' }));
      expect(screen.getByRole('status')).toHaveTextContent('Sin conexión. Reintentando…');
    });

    it('says nothing on a page fresh from the network', () => {
      render(
        <MemoryRouter>
          <SinConexionAviso />
        </MemoryRouter>,
      );
      expect(screen.queryByRole('status')).toBeNull();
    });
  });
});
