import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usuarioKeys } from '@/lib/session/usuario-keys';
import { mockUsuarioApi } from '@/test/fetch';
import { renderApp } from '@/test/render-app';
import { expectToast } from '@/test/toasts';
import { storeToken, USER_ID } from '@/test/tokens';
import { MOBILE_WIDTH, setViewport } from '@/test/viewport';

function panel() {
  return screen.getByRole('complementary', { name: 'Panel de Control' });
}

async function accionesTitles() {
  // The panel's code loads on demand (it is not part of the first page).
  const panel = await screen.findByRole('complementary', { name: 'Panel de Control' });
  const nav = await within(panel).findByRole('navigation', { name: 'Acciones' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe("side panel 'Acciones' by role", () => {
  it('shows Mi Tienda, Mis Servicios, Mis Pedidos and Mis Pagos to a user with no role', async () => {
    const { calls } = mockUsuarioApi();
    storeToken();
    renderApp('/');
    expect(await accionesTitles()).toEqual([
      'Mi Tienda',
      'Mis Servicios',
      'Mis Pedidos',
      'Mis Pagos',
    ]);
    const nav = within(panel()).getByRole('navigation', { name: 'Acciones' });
    expect(within(nav).getByRole('link', { name: 'Mi Tienda' })).toHaveAttribute(
      'href',
      '/my-store',
    );
    expect(within(nav).getByRole('link', { name: 'Mis Pedidos' })).toHaveAttribute(
      'href',
      '/my-orders',
    );
    expect(within(nav).getByRole('link', { name: 'Mis Pagos' })).toHaveAttribute(
      'href',
      '/my-payments',
    );
    expect(within(nav).getByRole('button', { name: 'Mis Servicios' })).toBeInTheDocument();

    // Both checks are made with the userId of the token and the Bearer token.
    const roleCalls = calls.filter((call) => /esVendedor|esRepartidor/.test(call.url));
    expect(roleCalls.map((call) => call.url).sort()).toEqual([
      '/api/usuario/esRepartidor',
      '/api/usuario/esVendedor',
    ]);
    for (const call of roleCalls) {
      expect(JSON.parse(String(call.body))).toEqual({ userId: USER_ID });
      expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
    }
  });

  it('shows the same four to a seller', async () => {
    mockUsuarioApi({ esVendedor: true });
    storeToken();
    renderApp('/');
    expect(await accionesTitles()).toEqual([
      'Mi Tienda',
      'Mis Servicios',
      'Mis Pedidos',
      'Mis Pagos',
    ]);
  });

  it('shows Pedidos (to /delivery-orders) and Mis Servicios to a delivery person', async () => {
    mockUsuarioApi({ esRepartidor: true, esVendedor: true });
    storeToken();
    renderApp('/');
    expect(await accionesTitles()).toEqual(['Pedidos', 'Mis Servicios']);
    expect(within(panel()).getByRole('link', { name: 'Pedidos' })).toHaveAttribute(
      'href',
      '/delivery-orders',
    );
  });

  it('counts a failed check as false', async () => {
    mockUsuarioApi({ esRepartidor: 'error' });
    storeToken();
    renderApp('/');
    expect(await accionesTitles()).toEqual([
      'Mi Tienda',
      'Mis Servicios',
      'Mis Pedidos',
      'Mis Pagos',
    ]);
  });

  it('hides the actions while the roles load', async () => {
    mockUsuarioApi({ esRepartidor: 'pending' });
    storeToken();
    const { queryClient } = renderApp('/');
    await screen.findByRole('complementary', { name: 'Panel de Control' });
    // One check has answered (and rendered); the group still waits for the other one.
    await waitFor(() =>
      expect(queryClient.getQueryState(usuarioKeys.esVendedor(USER_ID))?.status).toBe('success'),
    );
    // TanStack Query renders its observers in a timer queued at that moment; this one runs after.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(within(panel()).getByRole('navigation', { name: 'Navegación' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('navigation', { name: 'Acciones' })).toBeNull();
    expect(within(panel()).queryByText('Acciones')).toBeNull();
  });

  it("answers 'Mis Servicios' with 'En construcción'", async () => {
    mockUsuarioApi();
    storeToken();
    const { user, router } = renderApp('/');
    await accionesTitles();
    await user.click(within(panel()).getByRole('button', { name: 'Mis Servicios' }));
    await expectToast('En construcción', 'Esta funcionalidad estará disponible próximamente');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('logout', () => {
  it("from the side panel: clears the session, sends logout, goes to / and says 'Sesión cerrada'", async () => {
    const { calls } = mockUsuarioApi();
    storeToken();
    const onLogout = vi.fn();
    window.addEventListener('logout', onLogout);
    const { user, router } = renderApp('/my-orders');
    await accionesTitles();

    await user.click(within(panel()).getByRole('button', { name: 'Cerrar sesión' }));

    await expectToast('Sesión cerrada', 'Has cerrado sesión correctamente');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('complementary', { name: 'Panel de Control' })).toBeNull();
    const logoutCall = calls.find((call) => call.url === '/api/usuario/logout');
    expect(logoutCall?.method).toBe('POST');
    expect(logoutCall?.credentials).toBe('include');
    window.removeEventListener('logout', onLogout);
  });

  it('ends the local session even when the server call fails', async () => {
    mockUsuarioApi();
    storeToken();
    const { user } = renderApp('/');
    await accionesTitles();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(within(panel()).getByRole('button', { name: 'Cerrar sesión' }));
    await expectToast('Sesión cerrada');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('user menu', () => {
  it("shows the user's name and email, Mis Pedidos, Mis Pagos and Cerrar sesión", async () => {
    mockUsuarioApi({ nombre: 'Ana Pérez', email: 'ana@example.com' });
    storeToken();
    const { user, router } = renderApp('/');
    const banner = screen.getByRole('banner');
    const trigger = await within(banner).findByRole('button', { name: /menú de usuario$/i });
    await waitFor(() => expect(trigger).toHaveTextContent('Ana'));

    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Ana Pérez')).toBeInTheDocument();
    expect(within(menu).getByText('ana@example.com')).toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Mis Pedidos', 'Mis Pagos', 'Cerrar sesión']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Mis Pagos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-payments'));
  });

  it('logs out from the menu', async () => {
    mockUsuarioApi();
    storeToken();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /menú de usuario$/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    await expectToast('Sesión cerrada', 'Has cerrado sesión correctamente');
    expect(localStorage.getItem('accessToken')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Iniciar Sesión' }),
    ).toBeVisible();
  });

  it('is in the top bar on mobile too, where the side panel logs out from its sheet', async () => {
    setViewport(MOBILE_WIDTH);
    mockUsuarioApi();
    storeToken();
    const { user } = renderApp('/');
    expect(
      await within(screen.getByRole('banner')).findByRole('button', { name: /menú de usuario$/i }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog', { name: 'Panel de Control' });
    await user.click(within(sheet).getByRole('button', { name: 'Cerrar sesión' }));
    await expectToast('Sesión cerrada');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
