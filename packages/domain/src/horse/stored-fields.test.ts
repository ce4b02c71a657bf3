import { describe, expect, it } from 'vitest';
import {
  buildHorseSchema,
  changeFieldLabel,
  COMMON_TEXT_KEYS,
  defaultHorseValues,
  DETAILS_TEXT_KEYS,
  HORSE_TEXT_KEYS,
  HORSE_TEXT_PARTS,
  horseSchema,
  MEMBER_COLUMN_KEYS,
  NAME_CHOICE_PARTS,
  OWNER_TEXT_KEYS,
  PUBLIC_TEXT_KEYS,
  publicHorseSchema,
  textField,
} from '../index.js';

/**
 * The sections' tables drive everything that copies a text field
 * (docs/decisions/0078-stored-text-fields-from-tables.md); these checks hold for every field, so a
 * new one is covered too.
 */
describe('the stored text fields', () => {
  it('are sent as text parts: every mode sends the common ones, the register the name choices', () => {
    expect(HORSE_TEXT_PARTS).toEqual([...COMMON_TEXT_KEYS, 'ownerType']);
    expect([...COMMON_TEXT_KEYS, ...NAME_CHOICE_PARTS].sort()).toEqual([...HORSE_TEXT_KEYS].sort());
    const edit = Object.keys(buildHorseSchema('edit').shape);
    for (const key of COMMON_TEXT_KEYS) expect(edit).toContain(key);
    for (const key of NAME_CHOICE_PARTS) expect(edit).not.toContain(key);
  });

  it('start empty in the form, except the verification the office gives', () => {
    const values = defaultHorseValues('register') as unknown as Record<string, unknown>;
    for (const key of HORSE_TEXT_KEYS) {
      expect(values[key]).toBe(textField(key).office ? 'No' : '');
    }
  });

  it('are answered to the owner, and only the public ones to a member searching', () => {
    const owner = Object.keys(horseSchema.shape);
    const searching = Object.keys(publicHorseSchema.shape);
    for (const key of HORSE_TEXT_KEYS) expect(owner).toContain(key);
    for (const key of PUBLIC_TEXT_KEYS) expect(searching).toContain(key);
    for (const key of OWNER_TEXT_KEYS) expect(searching).not.toContain(key);
    // DNA, the name choices and the breeding date are the owner's; the breeder is not.
    expect(OWNER_TEXT_KEYS).toEqual(expect.arrayContaining(['DNA', 'firstChoice', 'breedingDate']));
    expect(PUBLIC_TEXT_KEYS).toContain('bredBy');
  });

  it('are stored in a column or in details, never both, and the office keeps its own', () => {
    const columns = new Set<string>(MEMBER_COLUMN_KEYS);
    for (const key of DETAILS_TEXT_KEYS) expect(columns.has(key)).toBe(false);
    expect([...MEMBER_COLUMN_KEYS].sort()).toEqual(
      ['color', 'foalDate', 'gaitDesignation', 'sex', 'stateFoaledIn'].sort(),
    );
    expect(columns.has('verified')).toBe(false);
    expect(DETAILS_TEXT_KEYS).not.toContain('verified');
  });

  it('have a reader’s label in a change request', () => {
    for (const key of COMMON_TEXT_KEYS) {
      if (textField(key).office) continue;
      expect(changeFieldLabel(key)).toBe(textField(key).changeLabel ?? textField(key).label);
    }
    expect(changeFieldLabel('DNA')).toBe('DNA tested');
    expect(changeFieldLabel('bredBy')).toBe('Bred by');
  });
});
