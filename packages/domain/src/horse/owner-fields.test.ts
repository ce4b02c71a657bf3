import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedOwnerSchema } from '../contract/horse.js';
import { DEFAULT_COUNTRY } from './constants.js';
import { emptyOwner } from './defaults.js';
import {
  OWNER_FIELD_KINDS,
  OWNER_FIELD_LABELS,
  OWNER_ROW_TEXT_KEYS,
  type OwnerFieldKey,
} from './owner-fields.js';

// Every owner label comes back marked («…»): a message or change label that names an owner's
// field by a text typed anywhere but the table shows here without the marks (issue 32 §3).
// The domain's tests share their modules (isolate: false): loaded afresh here, then unmocked.
const TABLE = './owner-fields.js';
const KEYS = Object.keys(OWNER_FIELD_LABELS) as OwnerFieldKey[];

let changeFieldLabel: typeof import('../admin/change-labels.js').changeFieldLabel;
let ownerSchema: typeof import('./sections/owners.js').ownerSchema;
let fixtures: typeof import('./test-fixtures.js');
let buildHorseSchema: typeof import('./schema.js').buildHorseSchema;

beforeAll(async () => {
  vi.resetModules();
  vi.doMock(TABLE, async (original: () => Promise<object>) => ({
    ...(await original()),
    OWNER_FIELD_LABELS: Object.fromEntries(KEYS.map((k) => [k, `«${OWNER_FIELD_LABELS[k]}»`])),
  }));
  ({ changeFieldLabel } = await import('../admin/change-labels.js'));
  ({ ownerSchema } = await import('./sections/owners.js'));
  ({ buildHorseSchema } = await import('./schema.js'));
  fixtures = await import('./test-fixtures.js');
});

afterAll(() => {
  vi.doUnmock(TABLE);
  vi.resetModules();
});

const ownerMessages = (key: OwnerFieldKey, value: string) =>
  fixtures.messagesAt(
    buildHorseSchema('register', { today: fixtures.TEST_TODAY }),
    fixtures.validRegistration({
      owners: [{ ...fixtures.validRegistration().owners[0]!, [key]: value }],
    }),
    `owners.0.${key}`,
  );

describe("an owner's fields, labelled once in their table", () => {
  it('has a label for every field of the rules and none more', () => {
    expect(Object.keys(ownerSchema.shape).sort()).toEqual([...KEYS].sort());
  });

  it.each(['memberNum', 'name', 'address', 'city', 'state', 'zip'] as const)(
    "%s: its rules' messages name it from the table",
    (key) => {
      const said = [...ownerMessages(key, ''), ...ownerMessages(key, 'x'.repeat(500))];
      expect(said.length).toBeGreaterThan(0);
      // "Please enter a valid zip code" names it in lower case.
      for (const message of said) {
        expect(message.toLowerCase()).toContain(`«${OWNER_FIELD_LABELS[key].toLowerCase()}»`);
      }
    },
  );

  it.each(KEYS)("%s: a change's label names it from the table", (key) => {
    expect(changeFieldLabel(`owners.0.${key}`)).toBe(
      `Owner 1: «${OWNER_FIELD_LABELS[key].toLowerCase()}»`,
    );
  });
});

describe("an owner's fields, keyed once in their table", () => {
  it('the answer holds every field of the table and none more', () => {
    expect(Object.keys(storedOwnerSchema.shape).sort()).toEqual([...KEYS].sort());
  });

  it('a new owner row is every text field empty and the one country (the tick is not set)', () => {
    expect(emptyOwner()).toEqual({
      ...Object.fromEntries(OWNER_ROW_TEXT_KEYS.map((key) => [key, ''])),
      country: DEFAULT_COUNTRY,
    });
    expect(Object.keys(emptyOwner()).sort()).toEqual(
      KEYS.filter((key) => OWNER_FIELD_KINDS[key] !== 'flag').sort(),
    );
  });
});
