import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_TOP_VAR, useToastsDebajoDe } from './toasts-debajo-de';

function EncabezadoDeWizard() {
  const [encabezado, setEncabezado] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(encabezado);
  return <header ref={setEncabezado}>Configurar Tienda</header>;
}

/** An element toasts stay below, told apart by `data-cual`. */
function Marcado({ cual }: { cual: string }) {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(el);
  return <div ref={setEl} data-cual={cual} />;
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

  it('with two at once (a banner and a wizard header), toasts go below the lowest, and back when one goes', () => {
    const bordes = new Map<string, number>([
      ['banner', 100],
      ['wizard', 180],
    ]);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const borde = bordes.get(this.dataset.cual ?? '') ?? 0;
      return DOMRect.fromRect({ x: 0, y: borde - 40, width: 375, height: 40 });
    });
    const top = () => document.documentElement.style.getPropertyValue(TOAST_TOP_VAR);
    const banner = render(<Marcado cual="banner" />);
    const wizard = render(<Marcado cual="wizard" />);
    expect(top()).toBe('188px');
    wizard.unmount();
    expect(top()).toBe('108px');
    banner.unmount();
    expect(top()).toBe('');
    vi.restoreAllMocks();
  });
});
