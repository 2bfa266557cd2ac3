import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

// A screen whose render fails: the shell's boundary must catch it.
vi.mock('@/app/routes/mis-pagos', () => ({
  MisPagosRoute: () => {
    throw new Error('falla de prueba');
  },
}));

describe('a screen that fails', () => {
  it("shows 'Algo salió mal' inside the shell, and leaving the screen clears it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderApp('/my-payments');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
    expect(within(alert).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    // The shell stays: the top bar still leads home without a reload.
    await user.click(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Compra Grupal' }),
    );

    await screen.findByRole('heading', { level: 1, name: 'Tiendas cerca tuyo' });
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(screen.queryByText('Algo salió mal')).toBeNull());
  });
});
