import { accessTokenResponseSchema } from '@compra-grupal/contracts';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson } from '@/test/contract';
import { json, mockFetch } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { makeToken } from '@/test/tokens';

/** The API after Google's callback: the refresh cookie renews into `token` (or fails). */
function mockApi(token: string | null) {
  return mockFetch(({ url, method }) => {
    if (url.endsWith('/api/usuario/refreshToken') && method === 'POST') {
      return token
        ? contractJson(accessTokenResponseSchema, { accessToken: token })
        : json(
            { error: 'Sesión inválida', mensaje: 'Sesión inválida', code: 'SESION_INVALIDA' },
            401,
          );
    }
    return json({ esVendedor: false, esRepartidor: false });
  });
}

beforeEach(() => {
  mockApi(null);
});

describe('/auth/callback', () => {
  it('gets the token by renewing with the cookie, greets and goes to / replacing the entry', async () => {
    const token = makeToken();
    const { calls } = mockApi(token);
    const onAuthChange = vi.fn();
    window.addEventListener('authChange', onAuthChange);
    const { router } = renderApp('/auth/callback');

    await expectToast('¡Bienvenido!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('accessToken')).toBe(token);
    const renewals = calls.filter((call) => call.url.endsWith('/api/usuario/refreshToken'));
    expect(renewals).toHaveLength(1);
    expect(renewals[0]?.credentials).toBe('include');
    expect(onAuthChange).toHaveBeenCalled();
    expect(
      await screen.findByRole('complementary', { name: 'Panel de Control' }),
    ).toBeInTheDocument();
    window.removeEventListener('authChange', onAuthChange);
  });

  it('ignores a token in the address: a crafted link cannot choose the account', async () => {
    const mine = makeToken();
    mockApi(mine);
    const planted = makeToken({ userId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    const { router } = renderApp(`/auth/callback?accessToken=${encodeURIComponent(planted)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('accessToken')).toBe(mine);
  });

  it('goes to redirectAfterAuth when one is saved, then forgets it', async () => {
    mockApi(makeToken());
    localStorage.setItem('redirectAfterAuth', '/group/65a1f0c2e4b0a1b2c3d4e5f6');
    const { router } = renderApp('/auth/callback');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/group/65a1f0c2e4b0a1b2c3d4e5f6'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it('ignores a redirect target outside the app', async () => {
    mockApi(makeToken());
    localStorage.setItem('redirectAfterAuth', '//malicioso.example/robar');
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('redirectAfterAuth')).toBeNull();
  });

  it("without a session says 'No se pudo iniciar sesión con Google.' and goes to /login", async () => {
    const { router } = renderApp(`/auth/callback?accessToken=${encodeURIComponent(makeToken())}`);
    const item = await expectToast('Error', 'No se pudo iniciar sesión con Google.');
    expect(item).toHaveAttribute('data-type', 'error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  });
});
