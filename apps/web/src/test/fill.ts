import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into an empty field the way a paste does: a click to focus it, then one input
 * event carrying the whole value. `user.type` sends four key events and re-renders the form
 * per character, which made a whole-form test take 25 s in jsdom; the field's own handlers
 * (formatting, validation, the form library's onChange) still run on the pasted value.
 * Typing key by key is left to the browser journey (e2e) and to tests of key handling itself.
 */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
