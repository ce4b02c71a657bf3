import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HORSE_TEXT_KEYS, type HorseTextKey } from './stored-fields.js';
import { BREEDING_FIELDS, type StoredTextFields } from './text-field-tables.js';

// Every label of the stored text fields' tables comes back marked («…»): a label or a message
// that names a field by a text typed anywhere but the table shows here without the marks
// (issue 32 §3, docs/decisions/0078-stored-text-fields-from-tables.md). The domain's tests share
// their modules (isolate: false), so the modules reading the tables are loaded afresh here, and
// again unmocked afterwards.
const TABLES = './text-field-tables.js';

async function markedTables() {
  const tables = await vi.importActual<typeof import('./text-field-tables.js')>(TABLES);
  const marked = (table: StoredTextFields) =>
    Object.fromEntries(
      Object.entries(table).map(([key, field]) => [
        key,
        {
          ...field,
          label: `«${field.label}»`,
          ...(field.formLabel === undefined ? {} : { formLabel: `«${field.formLabel}»` }),
        },
      ]),
    );
  return {
    ...tables,
    REGISTRATION_FIELDS: marked(tables.REGISTRATION_FIELDS),
    BREEDING_FIELDS: marked(tables.BREEDING_FIELDS),
    NAME_CHOICE_FIELDS: marked(tables.NAME_CHOICE_FIELDS),
    DNA_FIELDS: marked(tables.DNA_FIELDS),
    MARKINGS_FIELDS: marked(tables.MARKINGS_FIELDS),
  };
}

let changeFieldLabel: typeof import('../admin/change-labels.js').changeFieldLabel;
let messages: typeof import('./messages.js');
let buildHorseSchema: typeof import('./schema.js').buildHorseSchema;
let fields: typeof import('./stored-fields.js');
let fixtures: typeof import('./test-fixtures.js');

beforeAll(async () => {
  vi.resetModules();
  vi.doMock(TABLES, markedTables);
  ({ changeFieldLabel } = await import('../admin/change-labels.js'));
  messages = await import('./messages.js');
  ({ buildHorseSchema } = await import('./schema.js'));
  fields = await import('./stored-fields.js');
  fixtures = await import('./test-fixtures.js');
});

afterAll(() => {
  vi.doUnmock(TABLES);
  vi.resetModules();
});

const formLabelOf = (key: HorseTextKey) => fields.formLabelOf(key);
const textField = (key: HorseTextKey) => fields.textField(key);
const messagesAt = (input: unknown, path: string) =>
  fixtures.messagesAt(buildHorseSchema('register', { today: fixtures.TEST_TODAY }), input, path);
const validRegistration: typeof import('./test-fixtures.js').validRegistration = (overrides) =>
  fixtures.validRegistration(overrides);

/** What each field is given to draw its messages: empty, too long, no choice, future, old. */
const PROBES = ['', 'x'.repeat(5000), 'Not a choice', '2999-01-01', '1900-01-01'];

/** Messages that name no field at all. */
const nameless = () =>
  new Set<string>([
    messages.HORSE_MESSAGES.dateInvalid,
    messages.HORSE_MESSAGES.performanceLinkInvalid,
  ]);

/**
 * Messages that name their field by a text of their own, kept word for word: the spec's
 * "DNA Test date is required" (the form says "DNA Test Date") and "Performance Link" (the form
 * says "Performance Video Link").
 */
const TYPED_BY_HAND: Partial<Record<HorseTextKey, string>> = {
  DNA_TEST_DATE: 'DNA Test date is required',
  performanceLink: 'Performance Link must be 2048 characters or fewer',
};

// The keys (not the labels) of the tables as they are, to name the cases.
const BREEDING_KEYS = Object.keys(BREEDING_FIELDS) as HorseTextKey[];

function messagesOf(key: HorseTextKey): string[] {
  const found = PROBES.flatMap((value) =>
    // DNA's Yes asks for the test date.
    messagesAt({ ...validRegistration({ DNA: 'Yes' }), [key]: value }, key),
  );
  const skip = nameless();
  return [...new Set(found)].filter((message) => !skip.has(message));
}

describe("the stored text fields' labels, typed once in their tables", () => {
  it.each(HORSE_TEXT_KEYS)('%s: the form names it from its table', (key) => {
    const field = textField(key);
    expect(formLabelOf(key)).toMatch(/^«.+»$/);
    // Without its own form label, the form's is the record's with each word capitalised.
    if (field.formLabel === undefined) {
      expect(formLabelOf(key).toLowerCase()).toBe(field.label.toLowerCase());
    }
  });

  it.each(HORSE_TEXT_KEYS)("%s: its rules' messages name it by its table's labels", (key) => {
    const said = messagesOf(key);
    const own = TYPED_BY_HAND[key];
    const named = said.filter((message) => message !== own);
    if (own !== undefined) expect(said).toContain(own);
    // Every field but the hand-typed two is named by at least one message (so this is no
    // empty check), each through the table.
    if (own === undefined) expect(named.length).toBeGreaterThan(0);
    for (const message of named) {
      const label = [formLabelOf(key), textField(key).label].find((l) => message.includes(l));
      expect(label, message).toBeDefined();
    }
  });

  it.each(BREEDING_KEYS)(
    '%s: its required or too-long message is the one its form label makes',
    (key) => {
      const required = messagesAt({ ...validRegistration(), [key]: '' }, key);
      const tooLong = messagesAt({ ...validRegistration(), [key]: 'x'.repeat(5000) }, key);
      const label = formLabelOf(key);
      expect([...required, ...tooLong]).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^(${messages.requiredMessage(label)}|${label} must be \\d+ characters or fewer)$`,
          ),
        ),
      );
    },
  );

  it('names a repeated name choice by the earlier one’s form label', () => {
    const input = validRegistration({ firstChoice: 'Easy Rack', thirdChoice: 'easy  rack' });
    expect(messagesAt(input, 'thirdChoice')).toEqual([
      `The same name as the ${formLabelOf('firstChoice')}: give three different names`,
    ]);
  });

  it('gives the change requests the table labels too', () => {
    expect(changeFieldLabel('bredBy')).toBe(textField('bredBy').label);
    expect(changeFieldLabel('DNA_CASE')).toBe('DNA case number');
  });
});
