import { expect } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Ticks a radio button or checkbox, found anew on each try. CoreUI's CFormCheck declares its
 * input as a component inside its own render, so every render of the check replaces the
 * input element: one found just before a render (an answer arriving as the dialog opens) is
 * clicked after it has left the page, and the click is lost. Clicks again until it is checked.
 */
export async function checkOption(user: UserEvent, find: () => HTMLElement): Promise<void> {
  await waitFor(async () => {
    if (!(find() as HTMLInputElement).checked) await user.click(find());
    expect(find()).toBeChecked();
  });
}
