import { describe, expect, it } from 'vitest';
import { buildHorseSchema, HORSE_MESSAGES, isIsoDate, toIsoDate } from '../index.js';
import { messagesAt, TEST_TODAY, validEdit, validRegistration } from './test-fixtures.js';

const schema = buildHorseSchema('register', { today: TEST_TODAY });

describe('foal date', () => {
  it('may be today', () => {
    const input = validRegistration({ foalDate: '2024-06-15', breedingDate: '2024-06-15' });
    expect(messagesAt(schema, input, 'foalDate')).toEqual([]);
  });

  it('cannot be tomorrow', () => {
    const input = validRegistration({ foalDate: '2024-06-16', breedingDate: '2024-06-16' });
    expect(messagesAt(schema, input, 'foalDate')).toEqual(['Foal date cannot be in the future']);
  });

  it('is compared with the real day when no day is pinned', () => {
    const unpinned = buildHorseSchema('edit');
    const input = validEdit({ foalDate: '2999-01-01', breedingDate: '2999-01-01' });
    expect(messagesAt(unpinned, input, 'foalDate')).toEqual([HORSE_MESSAGES.foalDateInFuture]);
  });

  it('asks a "today" function at each parse, so one schema stays right across midnight', () => {
    let day = new Date(2024, 5, 15, 12);
    const longLived = buildHorseSchema('register', { today: () => day });
    const input = validRegistration({ foalDate: '2024-06-16', breedingDate: '2024-06-16' });
    expect(messagesAt(longLived, input, 'foalDate')).toEqual([HORSE_MESSAGES.foalDateInFuture]);
    day = new Date(2024, 5, 16, 12);
    expect(messagesAt(longLived, input, 'foalDate')).toEqual([]);
  });

  it.each(['2023-02-30', '2023-13-01', '01/04/2020', '2020-4-1', 'soon'])(
    'rejects "%s" as a date',
    (foalDate) => {
      expect(messagesAt(schema, validRegistration({ foalDate }), 'foalDate')).toEqual([
        'Please enter a valid date (YYYY-MM-DD)',
      ]);
    },
  );

  it('accepts 29 February in a leap year', () => {
    const input = validRegistration({ foalDate: '2020-02-29', breedingDate: '2020-03-01' });
    expect(messagesAt(schema, input, 'foalDate')).toEqual([]);
  });
});

describe('breeding date', () => {
  it('may equal or follow the foal date', () => {
    for (const breedingDate of ['2020-04-01', '2021-05-05']) {
      const input = validRegistration({ foalDate: '2020-04-01', breedingDate });
      expect(messagesAt(schema, input, 'breedingDate')).toEqual([]);
    }
  });

  it('cannot be before the foal date, and says so on the breeding date', () => {
    const input = validRegistration({ foalDate: '2020-04-01', breedingDate: '2020-03-31' });
    expect(messagesAt(schema, input, 'breedingDate')).toEqual([
      'Breeding date cannot be before the foal date',
    ]);
    expect(messagesAt(schema, input, 'foalDate')).toEqual([]);
  });

  it('is not compared while the foal date is invalid', () => {
    const input = validRegistration({ foalDate: 'soon', breedingDate: '2020-03-31' });
    expect(messagesAt(schema, input, 'breedingDate')).toEqual([]);
  });
});

describe('DNA test date', () => {
  it('is required when the horse was DNA tested', () => {
    const input = validRegistration({ DNA: 'Yes', DNA_TEST_DATE: '' });
    expect(messagesAt(schema, input, 'DNA_TEST_DATE')).toEqual(['DNA Test date is required']);
    const missing = validRegistration({ DNA: 'Yes' });
    delete missing.DNA_TEST_DATE;
    expect(messagesAt(schema, missing, 'DNA_TEST_DATE')).toEqual(['DNA Test date is required']);
  });

  it('is required in edit mode too', () => {
    const edit = buildHorseSchema('edit', { today: TEST_TODAY });
    expect(messagesAt(edit, validEdit({ DNA: 'Yes' }), 'DNA_TEST_DATE')).toEqual([
      HORSE_MESSAGES.dnaTestDateRequired,
    ]);
  });

  it('is accepted with a case number when tested', () => {
    const input = validRegistration({ DNA: 'Yes', DNA_CASE: 'C-77', DNA_TEST_DATE: '2023-01-09' });
    expect(messagesAt(schema, input, 'DNA_TEST_DATE')).toEqual([]);
  });

  it('must be a real date that is not in the future', () => {
    expect(
      messagesAt(
        schema,
        validRegistration({ DNA: 'Yes', DNA_TEST_DATE: '2023-02-30' }),
        'DNA_TEST_DATE',
      ),
    ).toEqual([HORSE_MESSAGES.dateInvalid]);
    expect(
      messagesAt(
        schema,
        validRegistration({ DNA: 'Yes', DNA_TEST_DATE: '2024-06-16' }),
        'DNA_TEST_DATE',
      ),
    ).toEqual(['DNA test date cannot be in the future']);
  });

  it('is neither required nor judged when the horse was not tested', () => {
    for (const DNA_TEST_DATE of ['', 'left over', '2999-01-01']) {
      const input = validRegistration({ DNA: 'No', DNA_TEST_DATE });
      expect(messagesAt(schema, input, 'DNA_TEST_DATE')).toEqual([]);
    }
  });

  it('keeps the 30-day submission answer optional but limited to Yes/No', () => {
    expect(
      messagesAt(schema, validRegistration({ dnaTestSubmission: '' }), 'dnaTestSubmission'),
    ).toEqual([]);
    expect(
      messagesAt(schema, validRegistration({ dnaTestSubmission: 'Later' }), 'dnaTestSubmission'),
    ).toEqual(['Please choose a valid option for DNA Test Submission']);
  });
});

describe('date helpers', () => {
  it('writes the local calendar day', () => {
    expect(toIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });

  it('knows real calendar days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
  });
});
