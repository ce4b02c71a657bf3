import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DNA_FIELDS,
  formLabelOf,
  HORSE_MESSAGES,
  HORSE_TEXT_KEYS,
  textField,
  type HorseTextKey,
} from '@registry/domain';
import { renderModal } from './render-modal';

// Every label and question of the stored text fields' tables comes back marked («…»): a form
// label typed in a section instead of read from the table is not found below (issue 32 §3,
// docs/decisions/0078-stored-text-fields-from-tables.md).
vi.mock('../../../../../../packages/domain/src/horse/text-field-tables.ts', async (original) => {
  const tables =
    await original<
      typeof import('../../../../../../packages/domain/src/horse/text-field-tables')
    >();
  const mark = (text: string) => `«${text}»`;
  const marked = (table: Readonly<Record<string, Record<string, unknown>>>) =>
    Object.fromEntries(
      Object.entries(table).map(([key, field]) => {
        const entry: Record<string, unknown> = { ...field, label: mark(field.label as string) };
        for (const name of ['formLabel', 'question'] as const) {
          if (typeof field[name] === 'string') entry[name] = mark(field[name]);
        }
        return [key, entry];
      }),
    );
  return {
    ...tables,
    REGISTRATION_FIELDS: marked(tables.REGISTRATION_FIELDS),
    BREEDING_FIELDS: marked(tables.BREEDING_FIELDS),
    NAME_CHOICE_FIELDS: marked(tables.NAME_CHOICE_FIELDS),
    DNA_FIELDS: marked(tables.DNA_FIELDS),
    MARKINGS_FIELDS: marked(tables.MARKINGS_FIELDS),
  };
});

// The whole form mounts in jsdom; on a loaded machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

/** The field's control: an input or select by its label, or a choice's group by its legend. */
function control(key: HorseTextKey): HTMLElement | null {
  const name = textField(key).question ?? formLabelOf(key);
  return screen.queryByLabelText(name) ?? screen.queryByRole('group', { name });
}

describe("the register form's labels of the stored text fields", () => {
  it('come from their tables, as do their messages and the one-field cards', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Register Horse' });
    expect(formLabelOf('bredBy')).toBe('«Bred By»');
    // The test date and case are asked once the horse was tested.
    const tested = screen.getByRole('group', { name: DNA_FIELDS.DNA.question });
    await user.click(within(tested).getByRole('radio', { name: 'Yes' }));

    // Every field a member fills in (VERIFIED is the office's).
    const missing = HORSE_TEXT_KEYS.filter((key) => key !== 'verified' && !control(key));
    expect(missing).toEqual([]);
    for (const key of ['registrationType', 'gaitDesignation', 'sex'] as const) {
      expect(within(dialog).getByRole('heading', { name: formLabelOf(key) })).toBeVisible();
    }

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(HORSE_MESSAGES.stateFoaledInRequired).toBe('«State Foaled In» is required');
    expect(screen.getByLabelText(formLabelOf('stateFoaledIn'))).toHaveAccessibleDescription(
      HORSE_MESSAGES.stateFoaledInRequired,
    );
  });
});
