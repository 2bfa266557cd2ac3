import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { descartarAviso, retenerAvisos, toast } from './toast';
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

  it('descartarAviso(clave) closes the toast of that cause only, and drops its waiting ones', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Campo requerido', description: 'Nombre', clave: 'paso-1' });
    });
    expect(await screen.findByText('Campo requerido')).toBeInTheDocument();
    act(() => descartarAviso('paso-2'));
    expect(screen.getByText('Campo requerido')).toBeInTheDocument();
    act(() => descartarAviso('paso-1'));
    await waitFor(() => expect(screen.queryByText('Campo requerido')).toBeNull());

    // Raised and its cause gone before it showed: it never shows; the next toast does.
    act(() => {
      toast({ title: 'Formato de imagen no soportado', clave: 'logo' });
      descartarAviso('logo');
      toast({ title: 'Imagen procesada' });
    });
    expect(await screen.findByText('Imagen procesada')).toBeInTheDocument();
    expect(screen.queryByText('Formato de imagen no soportado')).toBeNull();
  });

  it('retenerAvisos() closes the toast on screen and holds new ones until released', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: '¡Bienvenido!' });
    });
    expect(await screen.findByText('¡Bienvenido!')).toBeInTheDocument();

    let liberar = () => {};
    act(() => {
      liberar = retenerAvisos();
    });
    await waitFor(() => expect(screen.queryByText('¡Bienvenido!')).toBeNull());
    // Released, toasts show again.
    act(() => {
      liberar();
      toast({ title: 'Grupo completado' });
    });
    expect(await screen.findByText('Grupo completado')).toBeInTheDocument();
  });

  it('a held toast is not shown while the hold lasts', async () => {
    render(<Toaster />);
    let liberar = () => {};
    act(() => {
      liberar = retenerAvisos();
      toast({ title: 'Retenido' });
    });
    // Sonner loaded, the toaster listening and sonner's own zero timeout run: only the hold
    // keeps it back (without it, it is on screen by now).
    await act(async () => {
      await import('sonner');
      for (let i = 0; i < 10; i++) await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.queryByText('Retenido')).toBeNull();
    act(() => {
      liberar();
    });
    expect(await screen.findByText('Retenido')).toBeInTheDocument();
  });
});
