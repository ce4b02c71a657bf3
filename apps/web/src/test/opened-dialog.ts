import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog once it has finished opening. CModal moves the focus onto the dialog itself
 * when its opening transition ends; a field clicked before then loses the focus again, and
 * what the test types next goes nowhere (seen on a loaded machine, where the transition ends
 * after the click). CoreUI also draws a modal where it stands first and moves it into its
 * portal a moment later (CConditionalPortal sets its container in an effect), so the dialog
 * answered is the one in the document once the focus is in it, not the first one found.
 */
export async function openedDialog(name?: string): Promise<HTMLElement> {
  const find = () => screen.getByRole('dialog', name ? { name } : {});
  await screen.findByRole('dialog', name ? { name } : {}, { timeout: 5000 });
  await waitFor(() => expect(find().contains(document.activeElement)).toBe(true), {
    timeout: 5000,
  });
  return find();
}
