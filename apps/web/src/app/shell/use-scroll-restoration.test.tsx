import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, useRoutes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration';

function Screens() {
  useScrollRestoration();
  const navigate = useNavigate();
  const page = useRoutes([
    { path: '/', element: <p>Inicio</p> },
    { path: '/cart', element: <p>Carrito</p> },
  ]);
  return (
    <>
      {page}
      <button type="button" onClick={() => navigate('/cart')}>
        Ir al carrito
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

/** Where the window is, as the page left it (happy-dom has no layout to scroll). */
let scrollY = 0;

describe('useScrollRestoration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a new screen at the top and goes back to where the previous one was left', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
      scrollY = y;
    }) as typeof window.scrollTo);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Screens />
      </MemoryRouter>,
    );
    expect(screen.getByText('Inicio')).toBeVisible();
    act(() => {
      scrollY = 640;
    });

    await user.click(screen.getByRole('button', { name: 'Ir al carrito' }));
    await screen.findByText('Carrito');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(window.history.scrollRestoration).toBe('manual');

    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    await screen.findByText('Inicio');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
