import { describe, expect, it } from 'vitest';
import { buildHorseSchema, HORSE_MESSAGES, type HorseFormMode } from '../index.js';
import { issuesOf, messagesAt, TEST_TODAY, validEdit, validRegistration } from './test-fixtures.js';

const MODES: HorseFormMode[] = ['register', 'edit', 'view'];
const schemaFor = (mode: HorseFormMode) => buildHorseSchema(mode, { today: TEST_TODAY });
const validFor = (mode: HorseFormMode) => (mode === 'register' ? validRegistration() : validEdit());

describe('a complete horse', () => {
  it.each(MODES)('passes in %s mode', (mode) => {
    expect(issuesOf(schemaFor(mode), validFor(mode))).toEqual([]);
  });

  it('keeps the narrowed values and trims text', () => {
    const parsed = schemaFor('register').parse(validRegistration({ breed: '  Racking Horse ' }));
    expect(parsed.breed).toBe('Racking Horse');
    expect(parsed.sex).toBe('Mare');
  });
});

const REQUIRED_IN_ALL_MODES: Array<[string, string]> = [
  ['verified', 'Verified is required'],
  ['performanceVerification', 'Performance Verification is required'],
  ['stateFoaledIn', 'State Foaled In is required'],
  ['foalDate', 'Foal Date is required'],
  ['breedingDate', 'Breeding Date is required'],
  ['sex', 'Sex is required'],
  ['color', 'Color is required'],
  ['pattern', 'Pattern is required'],
  ['ownerType', 'Owner Type is required'],
  ['DNA', 'DNA is required field'],
];

describe.each(MODES)('fields required in %s mode', (mode) => {
  it.each(REQUIRED_IN_ALL_MODES)('%s says "%s" when empty', (field, message) => {
    const input = { ...validFor(mode), [field]: '' };
    expect(messagesAt(schemaFor(mode), input, field)).toEqual([message]);
  });

  it.each(REQUIRED_IN_ALL_MODES)('%s says "%s" when missing', (field, message) => {
    const input: Record<string, unknown> = { ...validFor(mode) };
    delete input[field];
    expect(messagesAt(schemaFor(mode), input, field)).toEqual([message]);
  });
});

describe('choice fields', () => {
  it.each([
    ['sex', 'Pony', 'Please choose a valid option for Sex'],
    ['color', 'Plaid', 'Please choose a valid option for Color'],
    ['pattern', 'Stripes', 'Please choose a valid option for Pattern'],
    ['stateFoaledIn', 'Ontario', 'Please choose a valid option for State Foaled In'],
    ['DNA', 'Maybe', 'Please choose a valid option for DNA'],
    ['registrationType', 'Guessed', 'Please choose a valid option for Registration Type'],
    ['gaitDesignation', 'Trot', 'Please choose a valid option for Gait Designation'],
  ])('%s rejects %s', (field, value, message) => {
    const input = { ...validRegistration(), [field]: value };
    expect(messagesAt(schemaFor('register'), input, field)).toEqual([message]);
  });

  it('leaves registration type, gait, breed and bred by optional', () => {
    const input = validRegistration({
      registrationType: '',
      gaitDesignation: '',
      breed: '',
      bredBy: '',
    });
    expect(issuesOf(schemaFor('register'), input)).toEqual([]);
  });

  it('accepts "Unknown" as the state foaled in', () => {
    expect(issuesOf(schemaFor('edit'), validEdit({ stateFoaledIn: 'Unknown' }))).toEqual([]);
  });
});

describe('performance link', () => {
  it.each(['', 'https://video.example.org/horse?id=1', 'http://example.com'])(
    'accepts "%s"',
    (performanceLink) => {
      expect(issuesOf(schemaFor('edit'), validEdit({ performanceLink }))).toEqual([]);
    },
  );

  it.each(['javascript:alert(1)', 'example.com', 'ftp://example.com/x', 'https://'])(
    'rejects "%s"',
    (performanceLink) => {
      expect(
        messagesAt(schemaFor('edit'), validEdit({ performanceLink }), 'performanceLink'),
      ).toEqual([HORSE_MESSAGES.performanceLinkInvalid]);
    },
  );
});

describe('reporting', () => {
  it('reports every problem at once, cross-field ones included', () => {
    // A missing field is a type error, which by default would stop object-level checks.
    const input: Record<string, unknown> = validRegistration({
      DNA: 'Yes',
      DNA_TEST_DATE: '',
      ownerType: 'Joint',
    });
    delete input.sex;
    expect(issuesOf(schemaFor('register'), input)).toEqual(
      expect.arrayContaining([
        'sex: Sex is required',
        'DNA_TEST_DATE: DNA Test date is required',
        'owners: Joint ownership needs exactly 2 owners',
      ]),
    );
  });

  it('rejects input that is not an object without throwing', () => {
    expect(schemaFor('register').safeParse(null).success).toBe(false);
    expect(schemaFor('edit').safeParse('horse').success).toBe(false);
  });
});
