import { describe, expect, it } from 'vitest';
import { memberInputSchema } from './admin/members.js';
import { ownerSchema } from './horse/sections/owners.js';
import { normalizeMemberNumber, withoutLeadingInvisible } from './member-number.js';

describe('member numbers have one spelling', () => {
  it('folds case, invisible characters, full-width forms, dashes and spaces', () => {
    const spellings = [
      'M-0002',
      'm-0002',
      'M-\u200b0002',
      '\ufeffM-0002\u200d',
      '\uff2d-0002', // full-width M
      '\uff2d\uff0d\uff10\uff10\uff10\uff12', // all full-width
      'M\u20100002', // Unicode hyphen
      'M\u22120002', // minus sign
      '  m-0002\u00ad ',
    ];
    for (const spelling of spellings) expect(normalizeMemberNumber(spelling)).toBe('M-0002');
    expect(normalizeMemberNumber(' GM  12\t B ')).toBe('GM 12 B');
    expect(normalizeMemberNumber('\u200b\u2060')).toBe('');
    expect(normalizeMemberNumber('M-0003')).not.toBe(normalizeMemberNumber('M-0002'));
  });

  it('the member form and the horse form owners store that spelling', () => {
    const member = memberInputSchema.parse({
      email: 'a@example.org',
      firstName: 'A',
      lastName: 'B',
      memberNumber: '\uff4d-\u200b0002',
    });
    expect(member.memberNumber).toBe('M-0002');
    expect(
      memberInputSchema.parse({
        email: 'a@example.org',
        firstName: 'A',
        lastName: 'B',
        memberNumber: '\u200b',
      }).memberNumber,
    ).toBeNull();
    const owner = ownerSchema.shape.memberNum.parse('m-0002\u200b');
    expect(owner).toBe('M-0002');
  });

  it('drops only the invisible characters a value starts with', () => {
    expect(withoutLeadingInvisible('\u200b\ufeff=1\u200b')).toBe('=1\u200b');
  });
});
