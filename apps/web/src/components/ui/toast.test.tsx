import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from './toast';
import { Toaster } from './toaster';

/** Every toast in the DOM, including ones sonner keeps hidden behind the front one. */
function toastsInDom() {
  return document.querySelectorAll('[data-sonner-toast]');
}

describe('toast', () => {
  it('shows title and description', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Producto agregado', description: 'Lo sumamos a tu carrito' });
    });
    expect(await screen.findByText('Producto agregado')).toBeInTheDocument();
    expect(screen.getByText('Lo sumamos a tu carrito')).toBeInTheDocument();
  });

  it('shows only one toast at a time: a new one replaces the current one', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primero' });
    });
    expect(await screen.findByText('Primero')).toBeInTheDocument();

    act(() => {
      toast({ title: 'Segundo' });
    });
    expect(await screen.findByText('Segundo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Primero')).toBeNull());
    await waitFor(() => expect(toastsInDom()).toHaveLength(1));

    act(() => {
      toast({ title: 'Tercero' });
      toast({ title: 'Cuarto' });
    });
    expect(await screen.findByText('Cuarto')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Tercero')).toBeNull());
    await waitFor(() => expect(toastsInDom()).toHaveLength(1));
  });

  it('gives the destructive variant error styling', async () => {
    render(<Toaster />);
    act(() => {
      toast({
        title: 'Error de ubicación',
        description: 'No se pudo obtener tu ubicación.',
        variant: 'destructive',
      });
    });
    const title = await screen.findByText('Error de ubicación');
    const item = title.closest('[data-sonner-toast]');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveAttribute('data-rich-colors', 'true');
  });
});
