import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { draftTitle } from '../features/horses/drafts/draft-title';
import { formatSavedAt } from '../features/horses/drafts/saved-at';
import { formatDate, formatUsdShort, ownerName } from './format';

/**
 * A browser set to German: `toLocale*String` without a locale then writes German. (Node's own
 * default is American, which would hide a call that forgot its locale.)
 */
const methods = ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const;
const originals = methods.map((name) => Date.prototype[name]);
beforeEach(() => {
  methods.forEach((name, i) => {
    const original = originals[i]!;
    Date.prototype[name] = function (
      this: Date,
      locales?: Intl.LocalesArgument,
      options?: Intl.DateTimeFormatOptions,
    ) {
      return original.call(this, locales ?? 'de-DE', options);
    } as Date['toLocaleString'];
  });
});
afterEach(() => {
  methods.forEach((name, i) => {
    Date.prototype[name] = originals[i]!;
  });
});

// Local times, so the expectations hold in every time zone.
const march3 = new Date(2026, 2, 3, 14, 5, 9);

describe('dates in the app’s locale, whatever the browser’s', () => {
  it('writes each format in American English', () => {
    expect(formatDate(march3, 'dateTime')).toMatch(/^3\/3\/2026, 2:05:09\sPM$/);
    expect(formatDate(march3.toISOString(), 'date')).toBe('3/3/2026');
    expect(formatDate(march3, 'day')).toBe('Mar 3, 2026');
    expect(formatDate(march3, 'time')).toMatch(/^02:05\sPM$/);
    expect(formatDate('not a date', 'date')).toBeUndefined();
  });

  it('says when a draft was saved and names an untitled one by its day', () => {
    expect(formatSavedAt(march3.toISOString(), new Date(2026, 2, 3, 18))).toMatch(/^02:05\sPM$/);
    expect(formatSavedAt(march3.toISOString(), new Date(2026, 4, 1))).toMatch(/^Mar 3, 02:05\sPM$/);
    expect(formatSavedAt(march3.toISOString(), new Date(2027, 0, 1))).toMatch(
      /^Mar 3, 2026, 02:05\sPM$/,
    );
    expect(formatSavedAt('garbage')).toBe('');
    expect(draftTitle({ name: '', createdAt: march3.toISOString() })).toBe(
      'Untitled draft from Mar 3, 2026',
    );
  });
});

describe('formatUsdShort', () => {
  it('leaves out cents only when there are none', () => {
    expect(formatUsdShort(5000)).toBe('$50');
    expect(formatUsdShort(1250)).toBe('$12.50');
    expect(formatUsdShort(123_456_789)).toBe('$1,234,567.89');
    expect(formatUsdShort(0)).toBe('$0');
    // Chart values are averages: a fraction of a cent is rounded.
    expect(formatUsdShort(1999.6)).toBe('$20');
  });
});

describe('ownerName', () => {
  it('is the name, else the email, else the word for an unknown member', () => {
    expect(ownerName({ name: 'Pat Owner', email: 'pat@example.org' })).toBe('Pat Owner');
    expect(ownerName({ name: '', email: 'pat@example.org' })).toBe('pat@example.org');
    expect(ownerName(null)).toBe('—');
    expect(ownerName(undefined, 'unknown member')).toBe('unknown member');
  });
});
