import { describe, expect, it } from 'vitest';
import { changeFieldLabel } from '../admin/change-labels.js';
import { storedMarkingsSchema } from '../contract/horse.js';
import { sectionContext } from './context.js';
import { emptyOtherMarkings } from './defaults.js';
import { LONG_TEXT_MAX } from './constants.js';
import { markingsShape } from './sections/markings.js';
import { MARKING_DESCRIPTION_KEYS, markingRecordLabel } from './text-field-tables.js';

// One table (MARKING_DESCRIPTIONS) names the markings' eight descriptions; a ninth added there
// reaches every reader below without another list to edit (issue 32 §3).
describe('the markings descriptions table', () => {
  const keys = [...MARKING_DESCRIPTION_KEYS];

  it('gives the rules, the stored shape and the empty form the same keys, in form order', () => {
    const rules = markingsShape(sectionContext('register')).othermarkings;
    expect(Object.keys(rules.shape)).toEqual(keys);
    expect(Object.keys(storedMarkingsSchema.shape)).toEqual(keys);
    expect(Object.keys(emptyOtherMarkings())).toEqual(keys);
  });

  it("names each description in its rule's message and its change label", () => {
    const rules = markingsShape(sectionContext('register')).othermarkings;
    const tooLong = rules.safeParse({ hindLeg: 'x'.repeat(LONG_TEXT_MAX + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toContain('Hind Legs');
    expect(markingRecordLabel('hindLeg')).toBe('Hind legs');
    expect(changeFieldLabel('othermarkings.chin')).toBe('Markings: upper lip and chin');
    for (const key of keys) {
      expect(changeFieldLabel(`othermarkings.${key}`)).toBe(
        `Markings: ${markingRecordLabel(key).toLowerCase()}`,
      );
    }
  });
});
