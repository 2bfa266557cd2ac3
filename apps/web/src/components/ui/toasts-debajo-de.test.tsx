import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_TOP_VAR, useToastsDebajoDe } from './toasts-debajo-de';

function EncabezadoDeWizard() {
  const [encabezado, setEncabezado] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(encabezado);
  return <header ref={setEncabezado}>Configurar Tienda</header>;
}

describe('useToastsDebajoDe', () => {
  it("puts toasts below the wizard's header while it is on screen, below the top bar after", () => {
    const abajo = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 131.6 }));
    const { unmount } = render(<EncabezadoDeWizard />);
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_VAR)).toBe('140px');
    unmount();
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_VAR)).toBe('');
    abajo.mockRestore();
  });

  it('follows the page as it scrolls, and never goes above the top bar', () => {
    const barra = document.createElement('header');
    barra.dataset.slot = 'top-bar';
    document.body.append(barra);
    let bordeDelEncabezado = 230;
    vi.spyOn(barra, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 375, height: 56 }),
    );
    const abajo = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() =>
        DOMRect.fromRect({ x: 0, y: bordeDelEncabezado - 150, width: 375, height: 150 }),
      );
    const { unmount } = render(<EncabezadoDeWizard />);
    const top = () => document.documentElement.style.getPropertyValue(TOAST_TOP_VAR);
    expect(top()).toBe('238px');

    bordeDelEncabezado = 120;
    window.dispatchEvent(new Event('scroll'));
    expect(top()).toBe('128px');

    // Scrolled out of sight: below the top bar.
    bordeDelEncabezado = -40;
    window.dispatchEvent(new Event('scroll'));
    expect(top()).toBe('64px');

    unmount();
    barra.remove();
    abajo.mockRestore();
  });
});
