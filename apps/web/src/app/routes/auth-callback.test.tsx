import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken } from '@/test/tokens';

beforeEach(() => {
  mockFetch(() => json({ esVendedor: false, esRepartidor: false }));
});

describe('/auth/callback', () => {
  it('stores the token, greets and goes to / replacing the entry that held the token', async () => {
    const token = makeToken();
    const onAuthChange = vi.fn();
    window.addEventListener('authChange', onAuthChange);
    const { router } = renderApp(`/auth/callback?accessToken=${encodeURIComponent(token)}`);

    await expectToast('¡Bienvenido!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(onAuthChange).toHaveBeenCalled();
    expect(
      await screen.findByRole('complementary', { name: 'Panel de Control' }),
    ).toBeInTheDocument();
    window.removeEventListener('authChange', onAuthChange);
  });

  it('goes to redirectAfterAuth when one is saved, then forgets it', async () => {
    localStorage.setItem('redirectAfterAuth', '/group/65a1f0c2e4b0a1b2c3d4e5f6');
    const { router } = renderApp(`/auth/callback?accessToken=${makeToken()}`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/group/65a1f0c2e4b0a1b2c3d4e5f6'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it('ignores a redirect target outside the app', async () => {
    localStorage.setItem('redirectAfterAuth', '//malicioso.example/robar');
    const { router } = renderApp(`/auth/callback?accessToken=${makeToken()}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it("without a token says 'No se pudo iniciar sesión con Google.' and goes to /login", async () => {
    const { router } = renderApp('/auth/callback');
    const item = await expectToast('Error', 'No se pudo iniciar sesión con Google.');
    expect(item).toHaveAttribute('data-type', 'error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  });
});
