import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import {
  BREEDING_FIELDS,
  DNA_FIELDS,
  fileKindLabel,
  HORSE_FILE_SLOTS,
  HORSE_TEXT_KEYS,
  MARKINGS_FIELDS,
  OWNER_FIELD_KEYS,
  OWNER_ROW_TEXT_KEYS,
  REGISTRATION_FIELDS,
  textField,
  valueAtPath,
  type FileRef,
  type HorseTextKey,
} from '@registry/domain';
import { horseToFormValues } from '../features/horses/registration/form-values';
import { horseWithEveryFile, storedHorse } from '../features/horses/registration/test-values';
import { renderWithStore } from '../test/render-with-store';
import { HorseRecord } from './horse-record';

/** A stored horse whose every text field holds its own value (days as the API sends them). */
function horseWithEveryText() {
  const texts = Object.fromEntries(
    HORSE_TEXT_KEYS.map((key, i) => [
      key,
      textField(key).day ? `2021-0${(i % 9) + 1}-1${i % 10}T00:00:00.000Z` : `value of ${key}`,
    ]),
  );
  return storedHorse({ ...texts, performanceLink: 'https://video.example.org/ride' });
}

/** What the record view shows for a field: days as yyyy/mm/dd. */
function shown(key: HorseTextKey, value: string): string {
  return textField(key).day ? value.slice(0, 10).replace(/-/g, '/') : value;
}

describe('the text fields of a stored horse (the sections’ tables)', () => {
  it('prefill the edit form, days as yyyy-mm-dd', () => {
    const horse = horseWithEveryText();
    const values = horseToFormValues(horse) as unknown as Record<string, unknown>;
    for (const key of HORSE_TEXT_KEYS) {
      expect(values[key]).toBe(textField(key).day ? horse[key].slice(0, 10) : horse[key]);
    }
  });

  it('show on the record view under their labels, in their section', () => {
    const horse = horseWithEveryText();
    renderWithStore(<HorseRecord horse={horse} />);
    const tables = [REGISTRATION_FIELDS, BREEDING_FIELDS, DNA_FIELDS, MARKINGS_FIELDS];
    for (const table of tables) {
      for (const key of Object.keys(table) as HorseTextKey[]) {
        const term = screen.getByText(textField(key).label, { selector: 'dt' });
        expect(term.nextElementSibling?.textContent).toBe(shown(key, horse[key]));
      }
    }
    // The facts that are not text fields keep their places between them.
    const terms = screen.getAllByRole('term').map((dt) => dt.textContent);
    expect(terms.slice(0, 8)).toEqual([
      'Registration type',
      'Gait designation',
      'Registration number',
      'Approved name',
      'Name choices',
      'Performance verification',
      'VERIFIED',
      'Performance video link',
    ]);
    expect(screen.getByRole('link', { name: 'https://video.example.org/ride' })).toBeTruthy();
  });
});

/** A stored owner whose every text field of the owners' table holds its own value. */
function ownerWithEveryText(row: number) {
  return Object.fromEntries(OWNER_ROW_TEXT_KEYS.map((key) => [key, `owner ${row} ${key}`]));
}

// The owners' table (domain horse/owner-fields.ts): a field added there and missed by the edit
// form's values or the record view fails here.
describe("an owner row's fields (the owners' table)", () => {
  const horse = () =>
    storedHorse({
      owners: [
        { ...ownerWithEveryText(1), country: 'United States' },
        // A co-owner stored as not a member, saved before the country existed.
        { ...ownerWithEveryText(2), nonMember: true },
      ] as ReturnType<typeof storedHorse>['owners'],
    });

  it('prefill the edit form: every field, the country read as the one option', () => {
    const [first, second] = horseToFormValues(horse()).owners;
    expect(first).toEqual({ ...ownerWithEveryText(1), country: 'United States' });
    expect(second).toEqual({ ...ownerWithEveryText(2), country: 'United States', nonMember: true });
    // Every field of the table is in the form's owner (the flag where it is set).
    expect(Object.keys(second!).sort()).toEqual([...OWNER_FIELD_KEYS].sort());
  });

  it('show every text field and the country on the record view', () => {
    renderWithStore(<HorseRecord horse={horse()} />);
    const owners = document.querySelectorAll('address');
    expect(owners).toHaveLength(2);
    owners.forEach((owner, i) => {
      for (const key of OWNER_ROW_TEXT_KEYS)
        expect(owner.textContent).toContain(`owner ${i + 1} ${key}`);
      expect(owner.textContent).toContain('United States');
    });
  });
});

// The files' table (domain horse/file-slots.ts): a place added there and missed by the record
// view fails here.
describe("a stored horse's files (the files' table)", () => {
  it('each links from the record view, a horse’s own ones under the office’s label', () => {
    const horse = horseWithEveryFile();
    renderWithStore(<HorseRecord horse={horse} />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const place of HORSE_FILE_SLOTS) {
      const stored = valueAtPath(horse, place.path) as FileRef | FileRef[];
      for (const file of [stored].flat()) expect(hrefs, place.path).toContain(file.url);
      if (!place.path.includes('.') && !place.multiple && !place.drawn) {
        const term = screen.getByText(fileKindLabel(place.kind), { selector: 'dt' });
        expect(term.nextElementSibling?.querySelector('a')?.getAttribute('href')).toBe(
          (stored as FileRef).url,
        );
      }
    }
  });
});
