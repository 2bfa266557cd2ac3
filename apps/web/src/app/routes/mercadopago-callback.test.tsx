import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createTestQueryClient } from '@/test/query-client';
import { makeToken, USER_ID } from '@/test/tokens';
import { MercadopagoCallbackRoute } from './mercadopago-callback';

function MiTiendaDestino() {
  const location = useLocation();
  return <p>Destino {location.pathname}</p>;
}

/** The callback screen alone, with /my-store as where it goes (fake timers need no lazy route). */
function renderCallback(search: string) {
  return render(
    <AppProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[`/mercadopago-callback${search}`]}>
        <Routes>
          <Route path="/mercadopago-callback" element={<MercadopagoCallbackRoute />} />
          <Route path="/my-store" element={<MiTiendaDestino />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

function avanzar(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const titulo = () => screen.getByRole('heading', { level: 1 });

describe('/mercadopago-callback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 1 s, shows the success with its message, and goes to /my-store 2 s later', () => {
    renderCallback(`?success=true&mensaje=${encodeURIComponent('Cuenta vinculada con éxito')}`);
    expect(titulo()).toHaveTextContent('Vinculando Mercado Pago');
    expect(screen.queryByText('Cuenta vinculada con éxito')).toBeNull();

    avanzar(999);
    expect(screen.queryByText('Cuenta vinculada con éxito')).toBeNull();
    avanzar(1);
    expect(titulo()).toHaveTextContent('¡Cuenta vinculada!');
    expect(screen.getByText('Cuenta vinculada con éxito')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Cuenta vinculada con éxito');

    avanzar(1999);
    expect(screen.queryByText('Destino /my-store')).toBeNull();
    avanzar(1);
    expect(screen.getByText('Destino /my-store')).toBeVisible();
  });

  it("says 'Tu cuenta de Mercado Pago ha sido vinculada exitosamente' without a message", () => {
    renderCallback('?success=true');
    avanzar(1000);
    expect(
      screen.getByText('Tu cuenta de Mercado Pago ha sido vinculada exitosamente'),
    ).toBeVisible();
    avanzar(2000);
    expect(screen.getByText('Destino /my-store')).toBeVisible();
  });

  it.each([
    ['error=true', '?error=true'],
    ['success=false', '?success=false'],
  ])(
    "shows 'Error en la vinculación' for %s, with the default message, and still goes to /my-store",
    (_caso, search) => {
      renderCallback(search);
      avanzar(1000);
      expect(titulo()).toHaveTextContent('Error en la vinculación');
      expect(screen.getByText('Hubo un error al vincular tu cuenta de Mercado Pago')).toBeVisible();
      avanzar(2000);
      expect(screen.getByText('Destino /my-store')).toBeVisible();
    },
  );

  it("shows the server's message on an error", () => {
    renderCallback(
      `?error=true&mensaje=${encodeURIComponent('Cancelaste la autorización en Mercado Pago')}`,
    );
    avanzar(1000);
    expect(titulo()).toHaveTextContent('Error en la vinculación');
    expect(screen.getByText('Cancelaste la autorización en Mercado Pago')).toBeVisible();
  });

  it("says 'Vinculación completada' with neither success nor error", () => {
    renderCallback('');
    avanzar(1000);
    expect(titulo()).toHaveTextContent('Vinculación completada');
    avanzar(2000);
    expect(screen.getByText('Destino /my-store')).toBeVisible();
  });

  it('offers to go to Mi Tienda at once', () => {
    renderCallback('?success=true');
    avanzar(1000);
    expect(screen.getByRole('link', { name: 'Ir a Mi Tienda ahora' })).toHaveAttribute(
      'href',
      '/my-store',
    );
  });

  it('stores a renewed token of the signed-in user after 1 s, announcing it (authChange)', () => {
    localStorage.setItem('accessToken', makeToken({ expiresIn: -60 }));
    const renovado = makeToken({ expiresIn: 900, extra: { jti: 'nuevo' } });
    const onAuthChange = vi.fn();
    window.addEventListener('authChange', onAuthChange);
    renderCallback(`?success=true&token=${encodeURIComponent(renovado)}`);
    expect(localStorage.getItem('accessToken')).not.toBe(renovado);
    avanzar(1000);
    expect(localStorage.getItem('accessToken')).toBe(renovado);
    expect(onAuthChange).toHaveBeenCalled();
    window.removeEventListener('authChange', onAuthChange);
  });

  it('ignores a token of another user, or with no session here: a crafted link cannot switch accounts', () => {
    const mio = makeToken();
    localStorage.setItem('accessToken', mio);
    const ajeno = makeToken({ userId: 'bbbbbbbbbbbbbbbbbbbbbbbb' });
    renderCallback(`?success=true&token=${encodeURIComponent(ajeno)}`);
    avanzar(1000);
    expect(localStorage.getItem('accessToken')).toBe(mio);
    expect(titulo()).toHaveTextContent('¡Cuenta vinculada!');
  });

  it('ignores a token when no one is signed in here', () => {
    renderCallback(`?success=true&token=${encodeURIComponent(makeToken({ userId: USER_ID }))}`);
    avanzar(1000);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
