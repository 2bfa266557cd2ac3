import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DESKTOP_WIDTH, MOBILE_WIDTH, setViewport } from '@/test/viewport';
import { ResponsiveDialog } from './responsive-dialog';

function renderDialog() {
  return render(
    <ResponsiveDialog
      open
      onOpenChange={() => {}}
      title="Inicia sesión para continuar"
      description="Únete al grupo de compra"
    >
      <p>Contenido</p>
    </ResponsiveDialog>,
  );
}

describe('ResponsiveDialog', () => {
  it('is a centred modal dialog on wide screens', async () => {
    setViewport(DESKTOP_WIDTH);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión para continuar' });
    expect(dialog).toHaveAccessibleDescription('Únete al grupo de compra');
    expect(dialog).toHaveAttribute('data-slot', 'dialog-content');
    expect(dialog).not.toHaveAttribute('data-vaul-drawer');
    expect(screen.getByText('Contenido')).toBeInTheDocument();
  });

  it('is a bottom drawer below 768 px', async () => {
    setViewport(MOBILE_WIDTH);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Inicia sesión para continuar' });
    expect(dialog).toHaveAttribute('data-vaul-drawer');
    expect(dialog).toHaveAttribute('data-slot', 'drawer-content');
    expect(screen.getByText('Contenido')).toBeInTheDocument();
  });
});
