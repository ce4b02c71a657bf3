import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog once it has finished opening. CModal moves the focus onto the dialog itself
 * when its opening transition ends; a field clicked before then loses the focus again, and
 * what the test types next goes nowhere (seen on a loaded machine, where the transition ends
 * after the click).
 */
export async function openedDialog(name?: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', name ? { name } : {}, { timeout: 5000 });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), {
    timeout: 5000,
  });
  return dialog;
}
