import { act } from '@testing-library/react';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width: number; height: number }): void };
}

/** Resizes the happy-dom window (fires `resize`; media queries follow). */
export function setViewport(width: number, height = 800): void {
  act(() => {
    (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
  });
}

export const DESKTOP_WIDTH = 1280;
export const MOBILE_WIDTH = 375;
