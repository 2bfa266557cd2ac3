import { test as base, expect } from '@playwright/test';

/** Every journey talks to the server started by global-setup.ts. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    const baseUrl = process.env.E2E_BASE_URL;
    if (!baseUrl)
      throw new Error('E2E_BASE_URL no está definido: corré las pruebas con playwright test');
    await use(baseUrl);
  },
});

export { expect };
