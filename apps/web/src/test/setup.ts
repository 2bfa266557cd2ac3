import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { dismissToasts } from '@/components/ui/toast';
import { DESKTOP_WIDTH, setViewport } from './viewport';

// A toast that replaces another waits until the first was readable (components/ui/toast.ts),
// and a file's first render loads its lazy route chunks, slow when CI runs two suites at once.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  // Sonner keeps toasts in a module-level store: every test starts without any.
  act(() => dismissToasts());
  // Every test starts on a desktop-wide window; a test may narrow it for itself.
  setViewport(DESKTOP_WIDTH);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: resets cookies between tests.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});
