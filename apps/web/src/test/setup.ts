import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
