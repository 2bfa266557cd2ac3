import { screen, waitFor, within } from '@testing-library/react';

/**
 * Waits for a toast with this title (and description) and returns it. A toast that replaces
 * one with the same title may render while the old one leaves, so every match is looked at
 * until one toast has both.
 */
export function expectToast(title: string, description?: string): Promise<HTMLElement> {
  return waitFor(() => {
    const items = screen
      .getAllByText(title, { selector: '[data-title]' })
      .map((toastTitle) => toastTitle.closest<HTMLElement>('[data-sonner-toast]'));
    const item = items.find(
      (candidate) => candidate && (!description || within(candidate).queryByText(description)),
    );
    if (!item) throw new Error(`no toast "${title}" says "${description}"`);
    return item;
  });
}
