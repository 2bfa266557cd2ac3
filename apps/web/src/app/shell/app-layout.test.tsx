import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { storeToken } from '@/test/tokens';
import { DESKTOP_WIDTH, MOBILE_WIDTH, setViewport } from '@/test/viewport';

function topBar() {
  return screen.getByRole('banner');
}

function sidebarRoot() {
  return document.querySelector<HTMLElement>('[data-slot="sidebar"]');
}

describe('top bar', () => {
  it('shows the product title linking home', async () => {
    renderApp('/cart');
    await screen.findByRole('heading', { level: 1, name: 'Carrito' });
    expect(within(topBar()).getByRole('link', { name: 'Compra Grupal' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it("shows 'Iniciar Sesión' (to /login) on / when logged out", async () => {
    renderApp('/');
    const login = await within(topBar()).findByRole('link', { name: 'Iniciar Sesión' });
    expect(login).toHaveAttribute('href', '/login');
    expect(within(topBar()).queryByRole('link', { name: 'Volver al Inicio' })).toBeNull();
  });

  it.each([
    ['/login', 'Iniciar Sesión'],
    ['/register', 'Crear cuenta'],
  ])("shows 'Volver al Inicio' (to /) on %s", async (path, title) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title });
    expect(within(topBar()).getByRole('link', { name: 'Volver al Inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(topBar()).queryByRole('link', { name: 'Iniciar Sesión' })).toBeNull();
  });

  it("goes to /login with 'Iniciar Sesión'", async () => {
    const { router, user } = renderApp('/');
    await user.click(await within(topBar()).findByRole('link', { name: 'Iniciar Sesión' }));
    await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("hides 'Iniciar Sesión' while a token is stored", async () => {
    localStorage.setItem('accessToken', 'token');
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' });
    expect(within(topBar()).queryByRole('link', { name: 'Iniciar Sesión' })).toBeNull();
  });
});

describe('side panel (desktop)', () => {
  it('is absent without a token and appears after login (authChange)', async () => {
    setViewport(DESKTOP_WIDTH);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' });
    expect(screen.queryByText('Panel de Control')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alternar panel' })).toBeNull();

    act(() => {
      storeToken('token-de-prueba');
    });

    // The panel's code loads on demand (it is not part of the first page).
    const panel = await screen.findByRole('complementary', { name: 'Panel de Control' });
    expect(within(panel).getByRole('heading', { name: 'Panel de Control' })).toBeInTheDocument();
    const nav = within(panel).getByRole('navigation', { name: 'Navegación' });
    const inicio = within(nav).getByRole('link', { name: 'Inicio' });
    expect(inicio).toHaveAttribute('href', '/');
    expect(inicio).toHaveAttribute('data-active', 'true');
    expect(inicio).toHaveAttribute('aria-current', 'page');
    expect(within(panel).queryByText('Acciones')).toBeNull();
    expect(sidebarRoot()).toHaveAttribute('data-mobile', 'false');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    expect(within(topBar()).queryByRole('link', { name: 'Iniciar Sesión' })).toBeNull();
  });

  it('marks Inicio inactive on another screen', async () => {
    localStorage.setItem('accessToken', 'token');
    renderApp('/cart');
    await screen.findByRole('heading', { level: 1, name: 'Carrito' });
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('data-active', 'false');
  });

  it('disappears on logout and follows other tabs (storage event)', async () => {
    localStorage.setItem('accessToken', 'token');
    renderApp('/');
    await screen.findByRole('complementary', { name: 'Panel de Control' });

    act(() => {
      localStorage.removeItem('accessToken');
      window.dispatchEvent(new Event('logout'));
    });
    expect(screen.queryByRole('complementary', { name: 'Panel de Control' })).toBeNull();
    expect(within(topBar()).getByRole('link', { name: 'Iniciar Sesión' })).toBeInTheDocument();

    act(() => {
      localStorage.setItem('accessToken', 'otra-pestana');
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    expect(screen.getByRole('complementary', { name: 'Panel de Control' })).toBeInTheDocument();
  });

  it('collapses to icons with the trigger and remembers it in a 7-day cookie', async () => {
    localStorage.setItem('accessToken', 'token');
    const { user } = renderApp('/');
    const trigger = await screen.findByRole('button', { name: 'Alternar panel' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.click(trigger);
    expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
    expect(sidebarRoot()).toHaveAttribute('data-collapsible', 'icon');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar_state=false');

    await user.click(trigger);
    expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('toggles with Ctrl+B and Cmd+B', async () => {
    localStorage.setItem('accessToken', 'token');
    const { user } = renderApp('/');
    await screen.findByRole('complementary', { name: 'Panel de Control' });

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
    await user.keyboard('b');
    expect(sidebarRoot()).toHaveAttribute('data-state', 'expanded');
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: sets up the remembered state.
    document.cookie = 'sidebar_state=false; path=/';
    localStorage.setItem('accessToken', 'token');
    renderApp('/');
    await screen.findByRole('complementary', { name: 'Panel de Control' });
    expect(sidebarRoot()).toHaveAttribute('data-state', 'collapsed');
  });

  it('shows a tooltip on items in icon mode', async () => {
    localStorage.setItem('accessToken', 'token');
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Alternar panel' }));
    await user.hover(screen.getByRole('link', { name: 'Inicio' }));
    expect(await screen.findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent('Inicio');
  });
});

describe('side panel (mobile, below 768 px)', () => {
  it("is hidden and opens as a sheet from 'Abrir menú'", async () => {
    setViewport(MOBILE_WIDTH);
    localStorage.setItem('accessToken', 'token');
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' });

    expect(screen.queryByRole('complementary', { name: 'Panel de Control' })).toBeNull();
    expect(screen.queryByText('Panel de Control')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog', { name: 'Panel de Control' });
    expect(sheet).toHaveAttribute('data-mobile', 'true');
    expect(sheet).toHaveStyle({ '--sidebar-width': '18rem' });
    expect(within(sheet).getByText('Navegación')).toBeInTheDocument();

    await user.click(within(sheet).getByRole('link', { name: 'Inicio' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the keyboard on its first item when it opens, and the first Escape closes it', async () => {
    setViewport(MOBILE_WIDTH);
    localStorage.setItem('accessToken', 'token');
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' });

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog', { name: 'Panel de Control' });
    await waitFor(() => expect(within(sheet).getByRole('link', { name: 'Inicio' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
