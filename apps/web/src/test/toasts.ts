import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits for a toast with this title (and description) and returns it. */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  const toastTitle = await screen.findByText(title, { selector: '[data-title]' });
  const item = toastTitle.closest<HTMLElement>('[data-sonner-toast]');
  if (!item) throw new Error(`"${title}" is not inside a toast`);
  if (description) expect(within(item).getByText(description)).toBeInTheDocument();
  return item;
}
